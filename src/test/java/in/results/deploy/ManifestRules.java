package in.results.deploy;

import in.results.config.ConfigException;
import in.results.config.ConfigReader;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerPort;
import io.fabric8.kubernetes.api.model.EnvFromSource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.KubernetesResource;
import io.fabric8.kubernetes.api.model.LabelSelector;
import io.fabric8.kubernetes.api.model.LabelSelectorRequirement;
import io.fabric8.kubernetes.api.model.PodSecurityContext;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Probe;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.SecurityContext;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServicePort;
import io.fabric8.kubernetes.api.model.TopologySpreadConstraint;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.RollingUpdateDeployment;
import io.fabric8.kubernetes.api.model.autoscaling.v2.CrossVersionObjectReference;
import io.fabric8.kubernetes.api.model.autoscaling.v2.HorizontalPodAutoscaler;
import io.fabric8.kubernetes.api.model.autoscaling.v2.MetricSpec;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * What the Kubernetes manifests must hold, one rule per method. Each returns the problems it finds, one sentence
 * each naming the manifest and field; an empty list means the rule holds. The rules read fabric8's typed model, so
 * that a field name Kubernetes does not know is a problem too ({@link #unknownFieldProblems}).
 */
final class ManifestRules {
    static final String LIVENESS_PATH = "/health";
    static final String READINESS_PATH = "/health/ready";
    static final String TMP = "/tmp";
    static final int USER = 10001;

    /** The image's own stop bound on SIGTERM (answers in flight, then the archive's write queue). */
    static final long STOP_SECONDS = 20;

    /** The JVM's memory beside its heap, measured (docs/operations.md, "JVM options"). */
    static final long JVM_OVERHEAD_BYTES = 100L * 1024 * 1024;

    private static final Pattern SETTING = Pattern.compile("`(RESULTS_[A-Z0-9_]+)`");
    private static final Pattern HEAP_BOUND = Pattern.compile("(?m)^-Xmx(\\d+)([kKmMgG])\\s*$");

    private ManifestRules() {}

    /** The RESULTS_* names of the README's configuration table: the settings the service reads. */
    static Set<String> documentedSettings(String readme) {
        int start = readme.indexOf("## Configuration");
        int end = readme.indexOf("\n## ", start + 1);
        if (start < 0 || end < 0) {
            throw new IllegalStateException("README.md has no \"## Configuration\" section");
        }
        Set<String> settings = new TreeSet<>();
        for (String line : readme.substring(start, end).split("\n")) {
            String[] cells = line.split("\\|");
            if (line.startsWith("|") && cells.length > 1) {
                Matcher names = SETTING.matcher(cells[1]);
                while (names.find()) {
                    settings.add(names.group(1));
                }
            }
        }
        return settings;
    }

    /** The heap bound ({@code -Xmx}) of jvm.options, in bytes. */
    static long heapBoundBytes(String jvmOptions) {
        Matcher bound = HEAP_BOUND.matcher(jvmOptions);
        if (!bound.find()) {
            throw new IllegalStateException("jvm.options has no -Xmx line");
        }
        long unit = switch (bound.group(2).toLowerCase()) {
            case "k" -> 1024L;
            case "m" -> 1024L * 1024;
            default -> 1024L * 1024 * 1024;
        };
        return Long.parseLong(bound.group(1)) * unit;
    }

    /** apiVersion, kind and metadata.name, as written (fabric8's typed classes fill in defaults). */
    static List<String> requiredFieldProblems(String file, GenericKubernetesResource raw) {
        List<String> problems = new ArrayList<>();
        if (blank(raw.getApiVersion())) {
            problems.add(file + ": no apiVersion");
        }
        if (blank(raw.getKind())) {
            problems.add(file + ": no kind");
        }
        if (raw.getMetadata() == null || blank(raw.getMetadata().getName())) {
            problems.add(file + ": no metadata.name");
        }
        return problems;
    }

    /** The apiVersion and kind name a type of the Kubernetes API (a misspelt one reads as a generic resource). */
    static List<String> typeProblems(String file, KubernetesResource typed) {
        if (typed instanceof GenericKubernetesResource generic) {
            return List.of(
                    file + ": " + generic.getApiVersion() + " " + generic.getKind() + " is not a Kubernetes type");
        }
        return List.of();
    }

    /**
     * Fields the model does not know (a misspelt {@code readinesProbe} would otherwise be dropped without a word by
     * Kubernetes' client-side apply): fabric8 keeps them as additional properties of the object they were in.
     */
    static List<String> unknownFieldProblems(String file, Object model) {
        List<String> problems = new ArrayList<>();
        collectUnknownFields(file, model, problems);
        return problems;
    }

    private static void collectUnknownFields(String path, Object model, List<String> problems) {
        if (model instanceof List<?> list) {
            for (int i = 0; i < list.size(); i++) {
                collectUnknownFields(path + "[" + i + "]", list.get(i), problems);
            }
            return;
        }
        if (model == null || !isModel(model.getClass())) {
            return;
        }
        for (Method getter : model.getClass().getMethods()) {
            if (!getter.getName().startsWith("get")
                    || getter.getParameterCount() != 0
                    || Modifier.isStatic(getter.getModifiers())
                    || getter.getExceptionTypes().length != 0) {
                continue;
            }
            Object value = invoke(getter, model);
            String field = path + "." + decapitalised(getter.getName().substring(3));
            if (getter.getName().equals("getAdditionalProperties") && value instanceof Map<?, ?> unknown) {
                unknown.keySet().forEach(name -> problems.add(path + ": unknown field '" + name + "'"));
            } else if (value instanceof Map<?, ?> map) {
                map.forEach((key, entry) -> collectUnknownFields(field + "." + key, entry, problems));
            } else if (value instanceof List<?> || value != null && isModel(getter.getReturnType())) {
                collectUnknownFields(field, value, problems);
            }
        }
    }

    private static boolean isModel(Class<?> type) {
        return type.getName().startsWith("io.fabric8.kubernetes.api.model");
    }

    /** The image reference of each container: present, with a tag other than {@code latest} or a digest. */
    static List<String> imageProblems(Deployment deployment) {
        List<String> problems = new ArrayList<>();
        List<Container> containers = podSpec(deployment).getContainers();
        if (containers == null || containers.isEmpty()) {
            return List.of("deployment: no containers");
        }
        for (Container container : containers) {
            problems.addAll(imageReferenceProblems("container " + container.getName(), container.getImage()));
        }
        return problems;
    }

    static List<String> imageReferenceProblems(String where, String image) {
        if (blank(image)) {
            return List.of(where + ": no image");
        }
        if (image.contains("@sha256:")) {
            return List.of();
        }
        int tagColon = image.lastIndexOf(':');
        if (tagColon <= image.lastIndexOf('/')) {
            return List.of(where + ": image " + image + " has no tag (Kubernetes would pull whatever `latest` is)");
        }
        if (image.substring(tagColon + 1).equals("latest")) {
            return List.of(where + ": image " + image + " is `latest`: instances of one rollout could run two builds");
        }
        return List.of();
    }

    /** Liveness on /health and readiness on /health/ready, both at a named port the container has. */
    static List<String> probeProblems(Deployment deployment) {
        List<String> problems = new ArrayList<>();
        for (Container container : podSpec(deployment).getContainers()) {
            String where = "container " + container.getName();
            problems.addAll(
                    probeProblems(where + " livenessProbe", container.getLivenessProbe(), LIVENESS_PATH, container));
            problems.addAll(
                    probeProblems(where + " readinessProbe", container.getReadinessProbe(), READINESS_PATH, container));
            if (container.getStartupProbe() != null) {
                problems.addAll(
                        probeProblems(where + " startupProbe", container.getStartupProbe(), LIVENESS_PATH, container));
            }
        }
        return problems;
    }

    private static List<String> probeProblems(String where, Probe probe, String path, Container container) {
        if (probe == null || probe.getHttpGet() == null) {
            return List.of(where + ": no HTTP probe");
        }
        List<String> problems = new ArrayList<>();
        if (!path.equals(probe.getHttpGet().getPath())) {
            problems.add(where + ": path " + probe.getHttpGet().getPath() + ", expected " + path);
        }
        problems.addAll(namedPortProblems(where, probe.getHttpGet().getPort(), container));
        return problems;
    }

    private static List<String> namedPortProblems(String where, IntOrString port, Container container) {
        String name = port == null ? null : port.getStrVal();
        if (blank(name)) {
            return List.of(where + ": port " + port + " is not a port name (the container's numbers may change)");
        }
        if (portNames(container).contains(name)) {
            return List.of();
        }
        return List.of(where + ": port '" + name + "' is not a port of container " + container.getName() + " "
                + portNames(container));
    }

    /**
     * Non-root (the image's uid and gid), no privilege escalation, no capabilities, the runtime's seccomp profile,
     * a read-only root and a writable {@code emptyDir} at /tmp.
     */
    static List<String> securityProblems(Deployment deployment) {
        List<String> problems = new ArrayList<>();
        PodSpec pod = podSpec(deployment);
        PodSecurityContext podContext = pod.getSecurityContext();
        if (podContext == null) {
            return List.of("deployment: no pod securityContext");
        }
        if (!Boolean.TRUE.equals(podContext.getRunAsNonRoot())) {
            problems.add("pod securityContext: runAsNonRoot is not true");
        }
        expect(problems, "pod securityContext: runAsUser", podContext.getRunAsUser(), (long) USER);
        expect(problems, "pod securityContext: runAsGroup", podContext.getRunAsGroup(), (long) USER);
        expect(problems, "pod securityContext: fsGroup", podContext.getFsGroup(), (long) USER);
        String seccomp = podContext.getSeccompProfile() == null
                ? null
                : podContext.getSeccompProfile().getType();
        expect(problems, "pod securityContext: seccompProfile.type", seccomp, "RuntimeDefault");
        for (Container container : pod.getContainers()) {
            String where = "container " + container.getName() + " securityContext";
            SecurityContext context = container.getSecurityContext();
            if (context == null) {
                problems.add(where + ": missing");
                continue;
            }
            if (Boolean.FALSE.equals(context.getRunAsNonRoot())
                    || Long.valueOf(0).equals(context.getRunAsUser())
                    || Boolean.TRUE.equals(context.getPrivileged())) {
                problems.add(where + ": undoes the pod's non-root settings");
            }
            expect(problems, where + ": allowPrivilegeEscalation", context.getAllowPrivilegeEscalation(), false);
            expect(problems, where + ": readOnlyRootFilesystem", context.getReadOnlyRootFilesystem(), true);
            List<String> dropped = context.getCapabilities() == null
                    ? List.of()
                    : Objects.requireNonNullElse(context.getCapabilities().getDrop(), List.of());
            if (!dropped.contains("ALL")) {
                problems.add(where + ": capabilities do not drop ALL");
            }
            problems.addAll(tmpProblems(pod, container));
        }
        return problems;
    }

    private static List<String> tmpProblems(PodSpec pod, Container container) {
        String volumeName = Stream.ofNullable(container.getVolumeMounts())
                .flatMap(List::stream)
                .filter(mount -> TMP.equals(mount.getMountPath()) && !Boolean.TRUE.equals(mount.getReadOnly()))
                .map(mount -> mount.getName())
                .findFirst()
                .orElse(null);
        if (volumeName == null) {
            return List.of("container " + container.getName() + ": no writable volume at " + TMP
                    + " (SQLite's driver and the JVM write there; the root is read-only)");
        }
        boolean emptyDir = Stream.ofNullable(pod.getVolumes())
                .flatMap(List::stream)
                .filter(volume -> volumeName.equals(volume.getName()))
                .map(Volume::getEmptyDir)
                .anyMatch(Objects::nonNull);
        return emptyDir ? List.of() : List.of("volume " + volumeName + " (at " + TMP + ") is not an emptyDir");
    }

    /** CPU and memory requested, memory limited, and the limit holds the heap of jvm.options and the JVM beside it. */
    static List<String> resourceProblems(Deployment deployment, long heapBoundBytes) {
        List<String> problems = new ArrayList<>();
        for (Container container : podSpec(deployment).getContainers()) {
            String where = "container " + container.getName() + " resources";
            ResourceRequirements resources = container.getResources();
            Map<String, Quantity> requests = resources == null ? Map.of() : nonNull(resources.getRequests());
            Map<String, Quantity> limits = resources == null ? Map.of() : nonNull(resources.getLimits());
            if (!requests.containsKey("cpu")) {
                problems.add(where + ": no cpu request (the autoscaler measures utilisation against it)");
            }
            if (!requests.containsKey("memory")) {
                problems.add(where + ": no memory request");
            }
            if (!limits.containsKey("memory")) {
                problems.add(where + ": no memory limit");
                continue;
            }
            BigDecimal needed = BigDecimal.valueOf(heapBoundBytes + JVM_OVERHEAD_BYTES);
            if (Quantity.getAmountInBytes(limits.get("memory")).compareTo(needed) < 0) {
                problems.add(where + ": memory limit " + limits.get("memory")
                        + " is below the heap bound of jvm.options" + " plus the JVM's own 100 MB");
            }
        }
        return problems;
    }

    /**
     * A rolling update that never has fewer ready instances than before, a grace period that covers the preStop
     * pause and the service's own stop, the replica count left to the autoscaler, and no service links.
     */
    static List<String> rolloutProblems(Deployment deployment) {
        List<String> problems = new ArrayList<>();
        if (deployment.getSpec().getReplicas() != null) {
            problems.add("deployment: spec.replicas is set; the autoscaler owns the count, and every apply would put"
                    + " this number back");
        }
        var strategy = deployment.getSpec().getStrategy();
        RollingUpdateDeployment rolling = strategy == null ? null : strategy.getRollingUpdate();
        if (strategy == null || !"RollingUpdate".equals(strategy.getType()) || rolling == null) {
            problems.add("deployment: strategy is not a RollingUpdate");
        } else {
            expect(problems, "deployment: maxUnavailable", number(rolling.getMaxUnavailable()), 0);
            expect(problems, "deployment: maxSurge", number(rolling.getMaxSurge()), 1);
        }
        PodSpec pod = podSpec(deployment);
        long preStop = pod.getContainers().stream()
                .map(Container::getLifecycle)
                .filter(lifecycle -> lifecycle != null
                        && lifecycle.getPreStop() != null
                        && lifecycle.getPreStop().getSleep() != null)
                .mapToLong(lifecycle -> lifecycle.getPreStop().getSleep().getSeconds())
                .max()
                .orElse(0);
        Long grace = pod.getTerminationGracePeriodSeconds();
        if (grace == null || grace < preStop + STOP_SECONDS) {
            problems.add("pod: terminationGracePeriodSeconds " + grace + " is less than the preStop pause (" + preStop
                    + " s) and the service's stop (" + STOP_SECONDS + " s)");
        }
        if (!Boolean.FALSE.equals(pod.getEnableServiceLinks())) {
            problems.add("pod: enableServiceLinks is not false (a Service named `results` would set RESULTS_PORT)");
        }
        return problems;
    }

    /**
     * The Deployment's selector selects its own pods, and so does each of its spread constraints (a selector that
     * selects nothing spreads nothing).
     */
    static List<String> deploymentSelectorProblems(Deployment deployment) {
        Map<String, String> labels = podLabels(deployment);
        List<String> problems = new ArrayList<>();
        if (!selects(deployment.getSpec().getSelector(), labels)) {
            problems.add("deployment: selector " + deployment.getSpec().getSelector() + " does not select its pod"
                    + " labels " + labels);
        }
        for (TopologySpreadConstraint spread : Stream.ofNullable(
                        podSpec(deployment).getTopologySpreadConstraints())
                .flatMap(List::stream)
                .toList()) {
            if (!selects(spread.getLabelSelector(), labels)) {
                problems.add("deployment: topology spread " + spread.getTopologyKey() + " does not select the pods");
            }
        }
        return problems;
    }

    /** The Service selects the Deployment's pods and each of its ports targets a port the container names. */
    static List<String> serviceProblems(Service service, Deployment deployment) {
        List<String> problems = new ArrayList<>();
        Map<String, String> selector = nonNull(service.getSpec().getSelector());
        if (selector.isEmpty() || !podLabels(deployment).entrySet().containsAll(selector.entrySet())) {
            problems.add("service " + name(service) + ": selector " + selector + " does not select the pods "
                    + podLabels(deployment));
        }
        Container container = podSpec(deployment).getContainers().getFirst();
        for (ServicePort port : nonNull(service.getSpec().getPorts())) {
            problems.addAll(namedPortProblems(
                    "service " + name(service) + " port " + port.getPort() + " targetPort",
                    port.getTargetPort(),
                    container));
        }
        return problems;
    }

    /** The budget selects the Deployment's pods and lets a drain go on (a minimum below the autoscaler's). */
    static List<String> budgetProblems(PodDisruptionBudget budget, Deployment deployment, HorizontalPodAutoscaler hpa) {
        List<String> problems = new ArrayList<>();
        if (!selects(budget.getSpec().getSelector(), podLabels(deployment))) {
            problems.add("budget " + name(budget) + ": selector does not select the pods " + podLabels(deployment));
        }
        IntOrString minAvailable = budget.getSpec().getMinAvailable();
        IntOrString maxUnavailable = budget.getSpec().getMaxUnavailable();
        if ((minAvailable == null) == (maxUnavailable == null)) {
            problems.add("budget " + name(budget) + ": needs one of minAvailable and maxUnavailable");
        } else if (maxUnavailable != null && Objects.equals(maxUnavailable.getIntVal(), 0)) {
            problems.add("budget " + name(budget) + ": maxUnavailable 0 blocks every drain");
        } else if (minAvailable != null
                && minAvailable.getIntVal() != null
                && minAvailable.getIntVal() >= hpa.getSpec().getMinReplicas()) {
            problems.add("budget " + name(budget) + ": minAvailable " + minAvailable.getIntVal()
                    + " blocks every drain at the autoscaler's minimum");
        }
        return problems;
    }

    /** The autoscaler scales this Deployment on CPU, from at least three instances. */
    static List<String> autoscalerProblems(HorizontalPodAutoscaler hpa, Deployment deployment) {
        List<String> problems = new ArrayList<>();
        CrossVersionObjectReference target = hpa.getSpec().getScaleTargetRef();
        if (target == null
                || !"Deployment".equals(target.getKind())
                || !"apps/v1".equals(target.getApiVersion())
                || !name(deployment).equals(target.getName())) {
            problems.add("autoscaler " + name(hpa) + ": scaleTargetRef does not name Deployment " + name(deployment));
        }
        Integer min = hpa.getSpec().getMinReplicas();
        Integer max = hpa.getSpec().getMaxReplicas();
        if (min == null || min < 3 || max == null || max < min) {
            problems.add("autoscaler " + name(hpa) + ": replicas " + min + " to " + max + ", expected at least 3");
        }
        boolean cpu = Stream.ofNullable(hpa.getSpec().getMetrics())
                .flatMap(List::stream)
                .map(MetricSpec::getResource)
                .anyMatch(resource -> resource != null
                        && "cpu".equals(resource.getName())
                        && resource.getTarget() != null
                        && "Utilization".equals(resource.getTarget().getType())
                        && resource.getTarget().getAverageUtilization() != null);
        if (!cpu) {
            problems.add("autoscaler " + name(hpa) + ": no CPU utilisation target");
        }
        return problems;
    }

    /**
     * The container reads the ConfigMap and the Secret whole, and listens on the ConfigMap's RESULTS_PORT under the
     * port name the probes and the Service use.
     */
    static List<String> wiringProblems(Deployment deployment, ConfigMap config, Secret secret) {
        List<String> problems = new ArrayList<>();
        for (Container container : podSpec(deployment).getContainers()) {
            String where = "container " + container.getName();
            List<EnvFromSource> sources = nonNull(container.getEnvFrom());
            if (sources.stream()
                    .noneMatch(source -> source.getConfigMapRef() != null
                            && name(config).equals(source.getConfigMapRef().getName()))) {
                problems.add(where + ": envFrom does not read ConfigMap " + name(config));
            }
            if (sources.stream()
                    .noneMatch(source -> source.getSecretRef() != null
                            && name(secret).equals(source.getSecretRef().getName())
                            && !Boolean.TRUE.equals(source.getSecretRef().getOptional()))) {
                problems.add(where + ": envFrom does not require Secret " + name(secret));
            }
            String port = nonNull(config.getData()).get("RESULTS_PORT");
            boolean listens = nonNull(container.getPorts()).stream()
                    .anyMatch(containerPort -> "http".equals(containerPort.getName())
                            && String.valueOf(containerPort.getContainerPort()).equals(port));
            if (!listens) {
                problems.add(where + ": no port named http at RESULTS_PORT " + port);
            }
        }
        return problems;
    }

    /** Each key is a setting of the README's table (a misspelt one would be ignored by the service). */
    static List<String> settingNameProblems(String where, Map<String, String> entries, Set<String> settings) {
        return entries.keySet().stream()
                .filter(key -> !settings.contains(key))
                .map(key -> where + ": " + key + " is not a setting of the README's configuration table")
                .toList();
    }

    /** The values start the service: the configuration reader accepts them all. */
    static List<String> settingValueProblems(Map<String, String> environment) {
        try {
            ConfigReader.read(List.of(), environment);
            return List.of();
        } catch (ConfigException e) {
            return List.of("settings: " + e.getMessage());
        }
    }

    /**
     * Every path a kustomization names exists, every manifest of its folder is named (a file nobody applies
     * drifts), and no template ({@code *.example.yaml}) is applied.
     */
    static List<String> kustomizationProblems(Path folder, GenericKubernetesResource kustomization) {
        List<String> named = new ArrayList<>();
        Map<String, Object> fields = kustomization.getAdditionalProperties();
        strings(fields.get("resources")).forEach(named::add);
        strings(fields.get("components")).forEach(named::add);
        if (fields.get("patches") instanceof List<?> patches) {
            for (Object patch : patches) {
                if (patch instanceof Map<?, ?> map && map.get("path") instanceof String path) {
                    named.add(path);
                }
            }
        }
        List<String> problems = new ArrayList<>();
        for (String path : named) {
            Path target = folder.resolve(path).normalize();
            boolean exists = Files.isDirectory(target)
                    ? Files.isRegularFile(target.resolve("kustomization.yaml"))
                    : Files.isRegularFile(target);
            if (!exists) {
                problems.add(folder + "/kustomization.yaml: " + path + " does not exist");
            }
            if (path.endsWith(".example.yaml")) {
                problems.add(folder + "/kustomization.yaml: applies the template " + path);
            }
        }
        for (String file : manifestFiles(folder)) {
            if (!file.endsWith(".example.yaml") && !named.contains(file)) {
                problems.add(folder + "/" + file + " is not named by kustomization.yaml");
            }
        }
        if (fields.get("images") instanceof List<?> images) {
            for (Object entry : images) {
                if (entry instanceof Map<?, ?> image && image.get("digest") == null) {
                    String tag = String.valueOf(image.get("newTag"));
                    if (tag.equals("null") || tag.isBlank() || tag.equals("latest")) {
                        problems.add(folder + "/kustomization.yaml: image " + image.get("name")
                                + " needs a pinned newTag (not `latest`) or a digest");
                    }
                }
            }
        }
        return problems;
    }

    /** The YAML files of a folder other than its kustomization.yaml, by name. */
    static List<String> manifestFiles(Path folder) {
        try (Stream<Path> files = Files.list(folder)) {
            return files.map(file -> file.getFileName().toString())
                    .filter(file -> file.endsWith(".yaml") && !file.equals("kustomization.yaml"))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static boolean selects(LabelSelector selector, Map<String, String> labels) {
        if (selector == null
                || nonNull(selector.getMatchLabels()).isEmpty()
                        && nonNull(selector.getMatchExpressions()).isEmpty()) {
            return false; // an empty selector selects every pod of the namespace
        }
        if (!labels.entrySet().containsAll(nonNull(selector.getMatchLabels()).entrySet())) {
            return false;
        }
        for (LabelSelectorRequirement requirement : nonNull(selector.getMatchExpressions())) {
            String value = labels.get(requirement.getKey());
            List<String> values = nonNull(requirement.getValues());
            boolean holds = switch (requirement.getOperator()) {
                case "In" -> value != null && values.contains(value);
                case "NotIn" -> value == null || !values.contains(value);
                case "Exists" -> value != null;
                case "DoesNotExist" -> value == null;
                default -> false;
            };
            if (!holds) {
                return false;
            }
        }
        return true;
    }

    private static PodSpec podSpec(Deployment deployment) {
        return deployment.getSpec().getTemplate().getSpec();
    }

    private static Map<String, String> podLabels(Deployment deployment) {
        return nonNull(deployment.getSpec().getTemplate().getMetadata().getLabels());
    }

    private static Set<String> portNames(Container container) {
        Set<String> names = new LinkedHashSet<>();
        nonNull(container.getPorts()).stream().map(ContainerPort::getName).forEach(names::add);
        return names;
    }

    private static String name(HasMetadata resource) {
        return resource.getMetadata().getName();
    }

    private static void expect(List<String> problems, String what, Object actual, Object expected) {
        if (!expected.equals(actual)) {
            problems.add(what + " is " + actual + ", expected " + expected);
        }
    }

    /** An IntOrString's number, or its text (a percentage) when it is not one. */
    private static Object number(IntOrString value) {
        return value == null ? null : value.getIntVal() != null ? value.getIntVal() : value.getStrVal();
    }

    private static List<String> strings(Object value) {
        if (!(value instanceof List<?> list)) {
            return List.of();
        }
        return list.stream().map(String::valueOf).toList();
    }

    private static <K, V> Map<K, V> nonNull(Map<K, V> map) {
        return map == null ? Map.of() : map;
    }

    private static <T> List<T> nonNull(List<T> list) {
        return list == null ? List.of() : list;
    }

    private static boolean blank(String text) {
        return text == null || text.isBlank();
    }

    private static String decapitalised(String name) {
        return name.isEmpty() ? name : Character.toLowerCase(name.charAt(0)) + name.substring(1);
    }

    private static Object invoke(Method getter, Object target) {
        try {
            return getter.invoke(target);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("cannot read " + getter, e);
        }
    }
}
