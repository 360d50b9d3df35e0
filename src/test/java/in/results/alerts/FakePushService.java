package in.results.alerts;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.AlgorithmParameters;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.interfaces.ECPrivateKey;
import java.security.interfaces.ECPublicKey;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.ECParameterSpec;
import java.security.spec.ECPoint;
import java.security.spec.ECPrivateKeySpec;
import java.security.spec.ECPublicKeySpec;
import java.time.Clock;
import java.time.Duration;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;
import javax.crypto.Cipher;
import javax.crypto.KeyAgreement;
import javax.crypto.Mac;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * A browser vendor's push service on loopback, as the application server sees it (RFC 8030 §5), with the browsers
 * behind it: for end-to-end tests of browser push.
 *
 * <p>Each {@linkplain #subscription(String) subscription} is a browser of its own, named by the test, with a P-256 key
 * pair and a 16-byte authentication secret made here, and the endpoint {@code http://127.0.0.1:<port>/push/<name>}. A
 * POST to it is accepted (201) only when its VAPID token (RFC 8292) is an ES256 JWT signed by the key in {@code k},
 * that key is the one the fake was started with, the audience is this server's origin, the expiry is in the future
 * and at most 24 hours ahead and the subject a mailto: or https: URI; and when its body decrypts as RFC 8291 and RFC
 * 8188 say (one {@code aes128gcm} record whose padding delimiter is 0x02). Accepted plaintexts are kept per name,
 * refused requests with the reason. A test can make a name answer 410 or 404 (a subscription that has ended) or 500 a
 * number of times.
 *
 * <p>Built on the JDK alone (its HTTP server, {@code java.security}, {@code javax.crypto}; Jackson reads the token's
 * JSON), deliberately not on the Web Push library the service uses, so that the two cannot share a mistake. Requests
 * are handled one at a time, each fully recorded before its answer is sent.
 */
public final class FakePushService implements AutoCloseable {
    private static final Duration LONGEST_TOKEN = Duration.ofHours(24);
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9._-]{1,64}");
    private static final String PATH = "/push/";
    private static final int AUTH_SECRET_BYTES = 16;
    private static final int POINT_BYTES = 65;
    private static final int SALT_BYTES = 16;
    private static final ECParameterSpec P256 = p256();

    /** The refusal of one request. */
    public record Rejection(String name, int status, String reason) {}

    private record Browser(ECPrivateKey privateKey, byte[] publicKey, byte[] authSecret) {}

    private final HttpServer server;
    private final Clock clock;
    private final byte[] vapidKeyBytes;
    private final ECPublicKey vapidKey;
    private final ObjectMapper json = new ObjectMapper();
    private final SecureRandom random = new SecureRandom();
    private final Map<String, Browser> browsers = new ConcurrentHashMap<>();
    private final Map<String, List<String>> messages = new ConcurrentHashMap<>();
    private final List<Rejection> rejected = new CopyOnWriteArrayList<>();
    private final Map<String, Integer> endings = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> failuresLeft = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> attempts = new ConcurrentHashMap<>();
    private final AtomicInteger accepted = new AtomicInteger();

    private FakePushService(HttpServer server, String vapidPublicKey, Clock clock) {
        this.server = server;
        this.clock = clock;
        this.vapidKeyBytes = Base64.getUrlDecoder().decode(vapidPublicKey);
        this.vapidKey = publicKeyOf(vapidKeyBytes);
    }

    /**
     * A push service listening on a free loopback port that takes tokens signed by the key whose public half is
     * {@code vapidPublicKey} (base64url, the uncompressed point), judging expiry by the system clock.
     */
    public static FakePushService start(String vapidPublicKey) {
        return start(vapidPublicKey, Clock.systemUTC());
    }

    /** As {@link #start(String)}, judging the tokens' expiry by {@code clock}. */
    public static FakePushService start(String vapidPublicKey, Clock clock) {
        HttpServer server;
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        FakePushService fake = new FakePushService(server, vapidPublicKey, clock);
        server.createContext("/", fake::handle);
        server.start();
        return fake;
    }

    /** {@code http://127.0.0.1:<port>}: what a VAPID token for this service must name as its audience. */
    public String origin() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    /** The endpoint of the subscription named {@code name}. */
    public URI endpoint(String name) {
        return URI.create(origin() + PATH + name);
    }

    /**
     * The subscription of the browser named {@code name} (letters, digits, {@code . _ -}), made on first use: the
     * same name gives the same subscription.
     */
    public PushSubscription subscription(String name) {
        Browser browser = browser(name);
        return new PushSubscription(endpoint(name), base64Url(browser.publicKey()), base64Url(browser.authSecret()));
    }

    /** {@link #subscription(String)} as a browser's {@code JSON.stringify(pushSubscription)} gives it. */
    public String subscriptionJson(String name) {
        Browser browser = browser(name);
        ObjectNode subscription = json.createObjectNode();
        subscription.put("endpoint", endpoint(name).toString());
        subscription.putNull("expirationTime");
        ObjectNode keys = subscription.putObject("keys");
        keys.put("p256dh", base64Url(browser.publicKey()));
        keys.put("auth", base64Url(browser.authSecret()));
        return subscription.toString();
    }

    private Browser browser(String name) {
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("a subscription name is 1 to 64 letters, digits, '.', '_' or '-'");
        }
        return browsers.computeIfAbsent(name, unused -> newBrowser());
    }

    private Browser newBrowser() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
            generator.initialize(P256, random);
            KeyPair pair = generator.generateKeyPair();
            byte[] auth = new byte[AUTH_SECRET_BYTES];
            random.nextBytes(auth);
            return new Browser((ECPrivateKey) pair.getPrivate(), uncompressed((ECPublicKey) pair.getPublic()), auth);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** From now on, every request for {@code name} is answered 410 Gone: the user unsubscribed. */
    public void answerGone(String name) {
        endings.put(known(name), 410);
    }

    /** From now on, every request for {@code name} is answered 404 Not Found: the subscription expired. */
    public void answerNotFound(String name) {
        endings.put(known(name), 404);
    }

    /** The next {@code times} requests for {@code name} are answered 500, whatever they hold. */
    public void failNext(String name, int times) {
        failuresLeft.put(known(name), new AtomicInteger(times));
    }

    /** {@code name}, its browser made if it was not yet: a script for a name never subscribed would never run. */
    private String known(String name) {
        browser(name);
        return name;
    }

    /** The plaintexts accepted for {@code name}, in order of arrival, read as UTF-8. */
    public List<String> messages(String name) {
        return List.copyOf(messages.getOrDefault(name, List.of()));
    }

    /** The requests refused for a bad token, bad encryption or an unknown endpoint, in order of arrival. */
    public List<Rejection> rejected() {
        return List.copyOf(rejected);
    }

    /** How many requests arrived for {@code name}, whatever they were answered. */
    public int attempts(String name) {
        AtomicInteger count = attempts.get(name);
        return count == null ? 0 : count.get();
    }

    @Override
    public void close() {
        server.stop(0);
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String path = exchange.getRequestURI().getPath();
            String name = path.startsWith(PATH) ? path.substring(PATH.length()) : path;
            byte[] body = exchange.getRequestBody().readAllBytes();
            int status;
            String answer;
            try {
                accept(name, exchange.getRequestMethod(), exchange.getRequestHeaders(), body);
                status = 201;
                answer = "";
                exchange.getResponseHeaders().add("Location", "/message/" + accepted.incrementAndGet());
            } catch (Answer scripted) {
                status = scripted.status;
                answer = scripted.getMessage();
            } catch (Refusal refusal) {
                rejected.add(new Rejection(name, refusal.status, refusal.getMessage()));
                status = refusal.status;
                answer = refusal.getMessage();
            } catch (RuntimeException e) {
                // A request the checks above did not foresee: recorded, so that the test sees it instead of a reset.
                rejected.add(new Rejection(name, 500, "the fake failed: " + e));
                status = 500;
                answer = e.toString();
            }
            byte[] text = answer.getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(status, text.length == 0 ? -1 : text.length);
            exchange.getResponseBody().write(text);
        }
    }

    private void accept(String name, String method, Headers headers, byte[] body) throws Answer, Refusal {
        Browser browser = browsers.get(name);
        if (browser == null) {
            throw new Refusal(404, "no subscription has this endpoint");
        }
        attempts.computeIfAbsent(name, unused -> new AtomicInteger()).incrementAndGet();
        if (!method.equals("POST")) {
            throw new Refusal(405, "a push message is a POST, not a " + method);
        }
        Integer ending = endings.get(name);
        if (ending != null) {
            throw new Answer(ending, "the subscription has ended");
        }
        AtomicInteger failures = failuresLeft.get(name);
        if (failures != null && failures.getAndDecrement() > 0) {
            throw new Answer(500, "failing as told");
        }
        checkToken(headers.getFirst("Authorization"));
        checkTtl(headers.getFirst("TTL"));
        String encoding = headers.getFirst("Content-Encoding");
        if (!"aes128gcm".equalsIgnoreCase(encoding)) {
            throw new Refusal(415, "Content-Encoding is " + encoding + ", not aes128gcm");
        }
        byte[] plaintext;
        try {
            plaintext = decrypt(body, browser.privateKey(), browser.publicKey(), browser.authSecret());
        } catch (GeneralSecurityException e) {
            throw new Refusal(400, "encryption: " + e);
        }
        messages.computeIfAbsent(name, unused -> new CopyOnWriteArrayList<>())
                .add(new String(plaintext, StandardCharsets.UTF_8));
    }

    /** RFC 8292 §3: {@code Authorization: vapid t=<JWT>, k=<public key>}. */
    private void checkToken(String authorization) throws Refusal {
        if (authorization == null) {
            throw new Refusal(401, "token: no Authorization header");
        }
        String[] schemeAndParameters = authorization.strip().split("\\s+", 2);
        if (schemeAndParameters.length != 2 || !schemeAndParameters[0].equalsIgnoreCase("vapid")) {
            throw new Refusal(401, "token: the Authorization scheme is not vapid");
        }
        Map<String, String> parameters = new HashMap<>();
        for (String parameter : schemeAndParameters[1].split(",")) {
            int equals = parameter.indexOf('=');
            if (equals < 0) {
                throw new Refusal(401, "token: Authorization parameter without a value: " + parameter.strip());
            }
            String value = parameter.substring(equals + 1).strip();
            if (value.length() >= 2 && value.startsWith("\"") && value.endsWith("\"")) {
                value = value.substring(1, value.length() - 1);
            }
            parameters.put(parameter.substring(0, equals).strip().toLowerCase(Locale.ROOT), value);
        }
        String token = parameters.get("t");
        String key = parameters.get("k");
        if (token == null || key == null) {
            throw new Refusal(401, "token: the Authorization header lacks t or k");
        }
        if (!Arrays.equals(fromBase64Url(key, "k"), vapidKeyBytes)) {
            throw new Refusal(403, "token: k is not the VAPID public key of the subscriptions");
        }
        checkJwt(token);
    }

    private void checkJwt(String token) throws Refusal {
        String[] parts = token.split("\\.", -1);
        if (parts.length != 3) {
            throw new Refusal(401, "token: not a JWS of three parts");
        }
        JsonNode header = jsonOf(parts[0], "header");
        if (!"ES256".equals(header.path("alg").asText(null))) {
            throw new Refusal(401, "token: alg is " + header.get("alg") + ", not ES256");
        }
        byte[] signature = fromBase64Url(parts[2], "the signature");
        if (signature.length != 64) {
            throw new Refusal(401, "token: the signature is " + signature.length + " bytes, not r and s (64)");
        }
        try {
            // JWS signatures are r and s side by side (RFC 7518 §3.4), the JDK's P1363 format.
            Signature verifier = Signature.getInstance("SHA256withECDSAinP1363Format");
            verifier.initVerify(vapidKey);
            verifier.update((parts[0] + "." + parts[1]).getBytes(StandardCharsets.US_ASCII));
            if (!verifier.verify(signature)) {
                throw new Refusal(401, "token: the signature does not verify under k");
            }
        } catch (GeneralSecurityException e) {
            throw new Refusal(401, "token: the signature cannot be checked: " + e);
        }
        JsonNode claims = jsonOf(parts[1], "claims");
        String audience = claims.path("aud").asText(null);
        if (!origin().equals(audience)) {
            throw new Refusal(401, "token: aud is " + audience + ", not " + origin());
        }
        JsonNode exp = claims.get("exp");
        if (exp == null || !exp.canConvertToLong() || !exp.isIntegralNumber()) {
            throw new Refusal(401, "token: exp is not a number of seconds");
        }
        long now = clock.instant().getEpochSecond();
        if (exp.longValue() <= now) {
            throw new Refusal(401, "token: expired " + (now - exp.longValue()) + " s ago");
        }
        if (exp.longValue() > now + LONGEST_TOKEN.toSeconds()) {
            throw new Refusal(401, "token: exp is more than 24 hours ahead");
        }
        String subject = claims.path("sub").asText("");
        if (!subject.startsWith("mailto:") && !subject.startsWith("https:")) {
            throw new Refusal(401, "token: sub is not a mailto: or https: URI: " + claims.get("sub"));
        }
    }

    private JsonNode jsonOf(String part, String what) throws Refusal {
        JsonNode node;
        try {
            node = json.readTree(fromBase64Url(part, "the " + what));
        } catch (IOException e) {
            throw new Refusal(401, "token: the " + what + " is not JSON");
        }
        if (node == null || !node.isObject()) {
            throw new Refusal(401, "token: the " + what + " is not a JSON object");
        }
        return node;
    }

    private static void checkTtl(String ttl) throws Refusal {
        if (ttl == null || !ttl.matches("[0-9]{1,10}")) {
            throw new Refusal(400, "TTL is missing or not a number of seconds: " + ttl);
        }
    }

    private static byte[] fromBase64Url(String text, String what) throws Refusal {
        if (text.contains("=")) {
            throw new Refusal(401, "token: " + what + " is padded, which JWS and RFC 8292 do not allow");
        }
        try {
            return Base64.getUrlDecoder().decode(text);
        } catch (IllegalArgumentException e) {
            throw new Refusal(401, "token: " + what + " is not base64url");
        }
    }

    /**
     * The plaintext of an {@code aes128gcm} body encrypted for a browser (RFC 8291 §3 and §4, RFC 8188 §2): the header
     * (salt, record size, the sender's public key as key id), then one record.
     *
     * @throws GeneralSecurityException saying what is wrong
     */
    static byte[] decrypt(byte[] body, ECPrivateKey uaPrivate, byte[] uaPublic, byte[] authSecret)
            throws GeneralSecurityException {
        ByteBuffer in = ByteBuffer.wrap(body);
        if (in.remaining() < SALT_BYTES + 4 + 1) {
            throw new GeneralSecurityException("the body is shorter than an aes128gcm header");
        }
        byte[] salt = new byte[SALT_BYTES];
        in.get(salt);
        long recordSize = Integer.toUnsignedLong(in.getInt());
        int keyIdLength = Byte.toUnsignedInt(in.get());
        if (keyIdLength != POINT_BYTES || in.remaining() < POINT_BYTES) {
            throw new GeneralSecurityException("the key id is not the sender's 65-byte public key");
        }
        byte[] asPublic = new byte[POINT_BYTES];
        in.get(asPublic);
        byte[] record = new byte[in.remaining()];
        in.get(record);
        if (recordSize < 18) {
            throw new GeneralSecurityException("the record size " + recordSize + " is below 18");
        }
        if (record.length > recordSize) {
            throw new GeneralSecurityException("more than one record (" + record.length + " bytes, record size "
                    + recordSize + "); RFC 8291 §4 requires one");
        }
        if (record.length < 17) {
            throw new GeneralSecurityException("the record is shorter than a tag and a delimiter");
        }

        ECPublicKey senderKey;
        try {
            senderKey = publicKeyOf(asPublic);
        } catch (IllegalArgumentException e) {
            throw new GeneralSecurityException("the key id: " + e.getMessage(), e);
        }
        KeyAgreement agreement = KeyAgreement.getInstance("ECDH");
        agreement.init(uaPrivate);
        agreement.doPhase(senderKey, true);
        byte[] ecdhSecret = agreement.generateSecret();

        // RFC 8291 §3.4: the ECDH secret and the authentication secret give the IKM; RFC 8188 §2.2 turns it and the
        // salt into the content encryption key and the nonce. Each HKDF here needs one block of output, so
        // expanding is one HMAC of the info followed by the byte 0x01.
        byte[] keyInfo = concat(ascii("WebPush: info\0"), uaPublic, asPublic);
        byte[] ikm = hmac(hmac(authSecret, ecdhSecret), concat(keyInfo, new byte[] {1}));
        byte[] prk = hmac(salt, ikm);
        byte[] cek = Arrays.copyOf(hmac(prk, ascii("Content-Encoding: aes128gcm\0\1")), 16);
        byte[] nonce = Arrays.copyOf(hmac(prk, ascii("Content-Encoding: nonce\0\1")), 12);

        // The first (and only) record's sequence number is 0, so its nonce is the derived one unchanged.
        Cipher aes = Cipher.getInstance("AES/GCM/NoPadding");
        aes.init(Cipher.DECRYPT_MODE, new SecretKeySpec(cek, "AES"), new GCMParameterSpec(128, nonce));
        byte[] padded = aes.doFinal(record);

        int delimiter = padded.length - 1;
        while (delimiter >= 0 && padded[delimiter] == 0) {
            delimiter--;
        }
        if (delimiter < 0) {
            throw new GeneralSecurityException("the record has no padding delimiter");
        }
        if (padded[delimiter] != 2) {
            throw new GeneralSecurityException(
                    "the padding delimiter is " + padded[delimiter] + ", not 2 (that of the last record)");
        }
        return Arrays.copyOf(padded, delimiter);
    }

    private static byte[] hmac(byte[] key, byte[] data) throws GeneralSecurityException {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(key, "HmacSHA256"));
        return mac.doFinal(data);
    }

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }

    private static byte[] concat(byte[]... parts) {
        ByteBuffer out = ByteBuffer.allocate(
                Arrays.stream(parts).mapToInt(part -> part.length).sum());
        for (byte[] part : parts) {
            out.put(part);
        }
        return out.array();
    }

    /** The P-256 public key of an uncompressed point (0x04, x, y). */
    static ECPublicKey publicKeyOf(byte[] point) {
        if (point.length != POINT_BYTES || point[0] != 4) {
            throw new IllegalArgumentException("not an uncompressed P-256 point");
        }
        BigInteger x = new BigInteger(1, Arrays.copyOfRange(point, 1, 33));
        BigInteger y = new BigInteger(1, Arrays.copyOfRange(point, 33, POINT_BYTES));
        try {
            return (ECPublicKey)
                    KeyFactory.getInstance("EC").generatePublic(new ECPublicKeySpec(new ECPoint(x, y), P256));
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException("not a P-256 public key", e);
        }
    }

    /** The P-256 private key of a 32-byte scalar. */
    static ECPrivateKey privateKeyOf(byte[] scalar) {
        try {
            return (ECPrivateKey)
                    KeyFactory.getInstance("EC").generatePrivate(new ECPrivateKeySpec(new BigInteger(1, scalar), P256));
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException("not a P-256 private key", e);
        }
    }

    private static byte[] uncompressed(ECPublicKey key) {
        byte[] point = new byte[POINT_BYTES];
        point[0] = 4;
        byte[] x = key.getW().getAffineX().toByteArray();
        byte[] y = key.getW().getAffineY().toByteArray();
        int xLength = Math.min(x.length, 32);
        int yLength = Math.min(y.length, 32);
        System.arraycopy(x, x.length - xLength, point, 33 - xLength, xLength);
        System.arraycopy(y, y.length - yLength, point, POINT_BYTES - yLength, yLength);
        return point;
    }

    private static String base64Url(byte[] bytes) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    private static ECParameterSpec p256() {
        try {
            AlgorithmParameters parameters = AlgorithmParameters.getInstance("EC");
            parameters.init(new ECGenParameterSpec("secp256r1"));
            return parameters.getParameterSpec(ECParameterSpec.class);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A scripted answer: not a fault of the request. */
    private static final class Answer extends Exception {
        private static final long serialVersionUID = 1L;
        private final int status;

        Answer(int status, String message) {
            super(message, null, false, false);
            this.status = status;
        }
    }

    /** A request refused for what it holds. */
    private static final class Refusal extends Exception {
        private static final long serialVersionUID = 1L;
        private final int status;

        Refusal(int status, String message) {
            super(message, null, false, false);
            this.status = status;
        }
    }
}
