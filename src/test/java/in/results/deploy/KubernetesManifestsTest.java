package in.results.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.KubernetesResource;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.autoscaling.v2.HorizontalPodAutoscaler;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The Kubernetes manifests under deploy/kubernetes, read as shipped with fabric8's model of the Kubernetes API
 * (no cluster, no kubectl): the base's resources fit together and fit the service (its settings, its probes, its
 * memory), and each rule of {@link ManifestRules} reports a manifest that breaks it.
 */
class KubernetesManifestsTest {
    private static final Path KUBERNETES = Path.of("deploy", "kubernetes");
    private static final Path BASE = KUBERNETES.resolve("base");
    private static final Path EXAMPLE = KUBERNETES.resolve("overlays").resolve("example");
    private static final KubernetesSerialization YAML = new KubernetesSerialization();
    private static final Set<String> SETTINGS = ManifestRules.documentedSettings(read(Path.of("README.md")));
    private static final long HEAP = ManifestRules.heapBoundBytes(read(Path.of("jvm.options")));

    private final Deployment deployment = parse(base("deployment.yaml"), Deployment.class);
    private final Service service = parse(base("service.yaml"), Service.class);
    private final PodDisruptionBudget budget = parse(base("pdb.yaml"), PodDisruptionBudget.class);
    private final HorizontalPodAutoscaler autoscaler = parse(base("hpa.yaml"), HorizontalPodAutoscaler.class);
    private final ConfigMap config = parse(base("configmap.yaml"), ConfigMap.class);
    private final Secret secretTemplate = parse(base("secret.example.yaml"), Secret.class);

    @Test
    void every_manifest_names_its_api_version_kind_and_name_and_only_fields_kubernetes_knows() {
        List<String> problems = new ArrayList<>();
        for (Path folder : List.of(BASE, EXAMPLE)) {
            for (String file : ManifestRules.manifestFiles(folder)) {
                String text = read(folder.resolve(file));
                problems.addAll(ManifestRules.requiredFieldProblems(
                        folder + "/" + file, YAML.unmarshal(text, GenericKubernetesResource.class)));
                KubernetesResource typed = YAML.unmarshal(text);
                problems.addAll(ManifestRules.typeProblems(file, typed));
                problems.addAll(ManifestRules.unknownFieldProblems(file, typed));
            }
        }

        assertThat(problems).isEmpty();
    }

    @Test
    void the_deployment_runs_a_pinned_image_probed_on_health_and_health_ready_at_its_named_port() {
        assertThat(ManifestRules.imageProblems(deployment)).isEmpty();
        assertThat(ManifestRules.probeProblems(deployment)).isEmpty();
    }

    @Test
    void the_pods_run_as_the_images_user_with_a_read_only_root_a_writable_tmp_and_memory_for_jvm_options() {
        assertThat(ManifestRules.securityProblems(deployment)).isEmpty();
        assertThat(ManifestRules.resourceProblems(deployment, HEAP)).isEmpty();
    }

    @Test
    void rollouts_and_stops_keep_every_serving_instance_until_its_replacement_is_ready() {
        assertThat(ManifestRules.rolloutProblems(deployment)).isEmpty();
    }

    @Test
    void the_deployment_service_budget_and_autoscaler_select_the_same_pods() {
        assertThat(ManifestRules.deploymentSelectorProblems(deployment)).isEmpty();
        assertThat(ManifestRules.serviceProblems(service, deployment)).isEmpty();
        assertThat(ManifestRules.budgetProblems(budget, deployment, autoscaler)).isEmpty();
        assertThat(ManifestRules.autoscalerProblems(autoscaler, deployment)).isEmpty();
        assertThat(service.getSpec().getType()).isEqualTo("ClusterIP");
        assertThat(service.getSpec().getPorts())
                .singleElement()
                .satisfies(port -> assertThat(port.getPort()).isEqualTo(80));
    }

    @Test
    void the_container_reads_the_config_map_and_requires_the_secret() {
        assertThat(ManifestRules.wiringProblems(deployment, config, secretTemplate))
                .isEmpty();
    }

    @Test
    void every_key_of_the_config_map_and_the_secret_template_is_a_setting_the_service_accepts() {
        Map<String, String> overlay =
                parse(example("configmap-patch.yaml"), ConfigMap.class).getData();

        assertThat(ManifestRules.settingNameProblems("configmap.yaml", config.getData(), SETTINGS))
                .isEmpty();
        assertThat(ManifestRules.settingNameProblems("secret.example.yaml", secretTemplate.getStringData(), SETTINGS))
                .isEmpty();
        assertThat(ManifestRules.settingNameProblems("configmap-patch.yaml", overlay, SETTINGS))
                .isEmpty();
        assertThat(ManifestRules.settingValueProblems(environment(config.getData(), secretTemplate.getStringData())))
                .isEmpty();
        assertThat(ManifestRules.settingValueProblems(
                        environment(config.getData(), overlay, secretTemplate.getStringData())))
                .isEmpty();
    }

    @Test
    void passwords_and_keys_are_in_the_secret_template_only() {
        assertThat(secretTemplate.getStringData())
                .containsOnlyKeys(
                        "RESULTS_DATABASE_URL",
                        "RESULTS_REDIS_URL",
                        "RESULTS_VAPID_PUBLIC_KEY",
                        "RESULTS_VAPID_PRIVATE_KEY");
        assertThat(config.getData())
                .doesNotContainKeys(secretTemplate.getStringData().keySet().toArray(String[]::new));
    }

    @Test
    void the_kustomizations_name_every_manifest_that_exists_and_apply_no_template() {
        for (Path folder : List.of(BASE, EXAMPLE)) {
            assertThat(ManifestRules.kustomizationProblems(
                            folder, kustomization(read(folder.resolve("kustomization.yaml")))))
                    .as(folder.toString())
                    .isEmpty();
        }
    }

    @Test
    void the_example_overlay_keeps_at_least_three_instances() {
        HorizontalPodAutoscaler patch = parse(example("hpa-patch.yaml"), HorizontalPodAutoscaler.class);
        autoscaler.getSpec().setMinReplicas(patch.getSpec().getMinReplicas());
        autoscaler.getSpec().setMaxReplicas(patch.getSpec().getMaxReplicas());

        assertThat(ManifestRules.autoscalerProblems(autoscaler, deployment)).isEmpty();
    }

    // Each rule reports a manifest that breaks it: the shipped file with one edit.

    @Test
    void a_resource_without_a_name_or_of_an_unknown_type_or_with_a_misspelt_field_is_reported() {
        String text = edited(base("service.yaml"), "  name: results-service\n", "");
        String misspelt = edited(base("deployment.yaml"), "readinessProbe:", "readinesProbe:");
        String unknownVersion = edited(base("hpa.yaml"), "apiVersion: autoscaling/v2", "apiVersion: autoscaling/v3");

        assertThat(ManifestRules.requiredFieldProblems(
                        "service.yaml", YAML.unmarshal(text, GenericKubernetesResource.class)))
                .containsExactly("service.yaml: no metadata.name");
        assertThat(ManifestRules.unknownFieldProblems("deployment.yaml", parse(misspelt, Deployment.class)))
                .singleElement()
                .asString()
                .contains("unknown field 'readinesProbe'");
        assertThat(ManifestRules.typeProblems("hpa.yaml", YAML.unmarshal(unknownVersion)))
                .containsExactly("hpa.yaml: autoscaling/v3 HorizontalPodAutoscaler is not a Kubernetes type");
    }

    @Test
    void latest_and_untagged_images_are_reported() {
        String latest = edited(base("deployment.yaml"), "results-service:0.1.0", "results-service:latest");
        String untagged = edited(base("deployment.yaml"), "results-service:0.1.0", "registry.example.org:5000/results");

        assertThat(ManifestRules.imageProblems(parse(latest, Deployment.class)))
                .singleElement()
                .asString()
                .contains("is `latest`");
        assertThat(ManifestRules.imageProblems(parse(untagged, Deployment.class)))
                .singleElement()
                .asString()
                .contains("has no tag");
        assertThat(ManifestRules.imageReferenceProblems("pinned", "registry.example.org:5000/results@sha256:0a1b"))
                .isEmpty();
    }

    @Test
    void a_probe_on_another_path_or_a_port_the_container_does_not_name_is_reported() {
        String otherPath = edited(base("deployment.yaml"), "path: /health/ready", "path: /health");
        String otherPort = edited(base("deployment.yaml"), "- name: http\n", "- name: web\n");

        assertThat(ManifestRules.probeProblems(parse(otherPath, Deployment.class)))
                .containsExactly("container results-service readinessProbe: path /health, expected /health/ready");
        assertThat(ManifestRules.probeProblems(parse(otherPort, Deployment.class)))
                .hasSize(3)
                .allSatisfy(problem -> assertThat(problem).contains("port 'http' is not a port"));
    }

    @Test
    void root_a_writable_root_file_system_or_no_tmp_is_reported() {
        String root = edited(base("deployment.yaml"), "runAsUser: 10001", "runAsUser: 0");
        String writable =
                edited(base("deployment.yaml"), "readOnlyRootFilesystem: true", "readOnlyRootFilesystem: false");
        String noTmp = edited(base("deployment.yaml"), "mountPath: /tmp", "mountPath: /var/tmp");

        assertThat(ManifestRules.securityProblems(parse(root, Deployment.class)))
                .containsExactly("pod securityContext: runAsUser is 0, expected 10001");
        assertThat(ManifestRules.securityProblems(parse(writable, Deployment.class)))
                .containsExactly(
                        "container results-service securityContext: readOnlyRootFilesystem is false, expected true");
        assertThat(ManifestRules.securityProblems(parse(noTmp, Deployment.class)))
                .singleElement()
                .asString()
                .startsWith("container results-service: no writable volume at /tmp");
    }

    @Test
    void a_memory_limit_below_the_heap_and_the_jvm_or_no_cpu_request_is_reported() {
        String small = edited(
                base("deployment.yaml"),
                "limits:\n              memory: 512Mi",
                "limits:\n              memory: 300Mi");
        String noCpu = edited(base("deployment.yaml"), "cpu: 250m\n", "");

        assertThat(ManifestRules.resourceProblems(parse(small, Deployment.class), HEAP))
                .singleElement()
                .asString()
                .contains("below the heap bound of jvm.options");
        assertThat(ManifestRules.resourceProblems(parse(noCpu, Deployment.class), HEAP))
                .singleElement()
                .asString()
                .contains("no cpu request");
    }

    @Test
    void a_replica_count_a_short_grace_period_or_a_rollout_that_drops_instances_is_reported() {
        String text = edited(base("deployment.yaml"), "  revisionHistoryLimit: 5\n", "  replicas: 3\n");
        text = edited(text, "terminationGracePeriodSeconds: 25", "terminationGracePeriodSeconds: 20");
        text = edited(text, "maxUnavailable: 0", "maxUnavailable: 1");

        assertThat(ManifestRules.rolloutProblems(parse(text, Deployment.class)))
                .hasSize(3)
                .anySatisfy(problem -> assertThat(problem).contains("spec.replicas is set"))
                .anySatisfy(problem -> assertThat(problem).contains("terminationGracePeriodSeconds 20"))
                .anySatisfy(problem -> assertThat(problem).contains("maxUnavailable is 1"));
    }

    @Test
    void selectors_that_miss_the_pods_and_an_autoscaler_of_another_deployment_are_reported() {
        Service otherService = parse(
                edited(base("service.yaml"), "name: results-service\n  ports", "name: results\n  ports"),
                Service.class);
        Deployment otherPods = parse(
                edited(
                        base("deployment.yaml"),
                        "    metadata:\n      labels:\n        app.kubernetes.io/name: results-service",
                        "    metadata:\n      labels:\n        app.kubernetes.io/name: results"),
                Deployment.class);
        PodDisruptionBudget otherBudget = parse(
                edited(
                        base("pdb.yaml"),
                        "matchLabels:\n      app.kubernetes.io/name: results-service",
                        "matchLabels:\n      app.kubernetes.io/name: results"),
                PodDisruptionBudget.class);
        HorizontalPodAutoscaler otherTarget = parse(
                edited(
                        base("hpa.yaml"),
                        "kind: Deployment\n    name: results-service",
                        "kind: Deployment\n    name: results"),
                HorizontalPodAutoscaler.class);

        assertThat(ManifestRules.serviceProblems(otherService, deployment))
                .singleElement()
                .asString()
                .contains("does not select the pods");
        assertThat(ManifestRules.deploymentSelectorProblems(otherPods)).hasSize(2);
        assertThat(ManifestRules.budgetProblems(otherBudget, deployment, autoscaler))
                .singleElement()
                .asString()
                .contains("selector does not select the pods");
        assertThat(ManifestRules.autoscalerProblems(otherTarget, deployment))
                .containsExactly("autoscaler results-service: scaleTargetRef does not name Deployment results-service");
    }

    @Test
    void a_misspelt_setting_or_a_value_the_service_refuses_is_reported() {
        ConfigMap misspelt = parse(
                edited(base("configmap.yaml"), "RESULTS_RATE_LIMIT_PER_MINUTE:", "RESULTS_RATE_LIMIT_PER_MINUTES:"),
                ConfigMap.class);
        ConfigMap badPort =
                parse(edited(base("configmap.yaml"), "RESULTS_PORT: \"8080\"", "RESULTS_PORT: http"), ConfigMap.class);
        ConfigMap badProxy =
                parse(edited(base("configmap.yaml"), "\"10.244.0.0/16\"", "\"10.244.0.0/33\""), ConfigMap.class);

        assertThat(ManifestRules.settingNameProblems("configmap.yaml", misspelt.getData(), SETTINGS))
                .containsExactly(
                        "configmap.yaml: RESULTS_RATE_LIMIT_PER_MINUTES is not a setting of the README's configuration table");
        assertThat(ManifestRules.settingValueProblems(badPort.getData()))
                .singleElement()
                .asString()
                .contains("RESULTS_PORT");
        assertThat(ManifestRules.settingValueProblems(badProxy.getData()))
                .singleElement()
                .asString()
                .contains("RESULTS_TRUSTED_PROXIES: '10.244.0.0/33' is not an IP address or a CIDR range");
        assertThat(ManifestRules.wiringProblems(deployment, badPort, secretTemplate))
                .containsExactly("container results-service: no port named http at RESULTS_PORT http");
    }

    @Test
    void a_kustomization_naming_a_missing_file_or_the_template_or_a_latest_image_is_reported() {
        String text = edited(
                        read(BASE.resolve("kustomization.yaml")),
                        "  - pdb.yaml\n",
                        "  - pdb.yml\n  - secret.example.yaml\n")
                + "images:\n  - name: results-service\n    newTag: latest\n";

        assertThat(ManifestRules.kustomizationProblems(BASE, kustomization(text)))
                .containsExactlyInAnyOrder(
                        BASE + "/kustomization.yaml: pdb.yml does not exist",
                        BASE + "/kustomization.yaml: applies the template secret.example.yaml",
                        BASE + "/pdb.yaml is not named by kustomization.yaml",
                        BASE
                                + "/kustomization.yaml: image results-service needs a pinned newTag (not `latest`) or a digest");
    }

    private static <T extends HasMetadata> T parse(String text, Class<T> type) {
        KubernetesResource resource = YAML.unmarshal(text);
        assertThat(resource).isInstanceOf(type);
        return type.cast(resource);
    }

    private static GenericKubernetesResource kustomization(String text) {
        return YAML.unmarshal(text, GenericKubernetesResource.class);
    }

    /** {@code text} with {@code from} replaced; {@code from} must be there, or the broken manifest would be the shipped one. */
    private static String edited(String text, String from, String to) {
        assertThat(text).contains(from);
        return text.replace(from, to);
    }

    @SafeVarargs
    private static Map<String, String> environment(Map<String, String>... sources) {
        Map<String, String> environment = new HashMap<>();
        for (Map<String, String> source : sources) {
            environment.putAll(source);
        }
        return environment;
    }

    private static String base(String file) {
        return read(BASE.resolve(file));
    }

    private static String example(String file) {
        return read(EXAMPLE.resolve(file));
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
