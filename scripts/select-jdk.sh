# Sourced by ./demo and .ci/run: exports JAVA_HOME (and PATH) for a JDK 21 or newer.
# The machine's default java may be 17; the Maven enforcer rejects it with a clear message.
java_is_21_plus() { "$1/bin/java" -version 2>&1 | grep -qE 'version "(2[1-9]|[3-9][0-9])'; }
if [ -z "${JAVA_HOME:-}" ] || ! java_is_21_plus "$JAVA_HOME"; then
  JAVA_HOME=""
  for candidate in /usr/lib/jvm/temurin-25-jdk-amd64 /usr/lib/jvm/*; do
    if [ -x "$candidate/bin/javac" ] && java_is_21_plus "$candidate"; then
      JAVA_HOME="$candidate"
      break
    fi
  done
  if [ -z "$JAVA_HOME" ]; then
    echo "no JDK 21 or newer found under /usr/lib/jvm; install one and set JAVA_HOME" >&2
    exit 1
  fi
fi
export JAVA_HOME
export PATH="$JAVA_HOME/bin:$PATH"
