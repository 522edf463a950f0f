package release

// changes is the registry: one entry per Change, in declaration order.
// Each fact was read in upstream source at the release on both sides of
// the boundary (k8s.io/kubernetes@v1.N.0 from the Go module proxy).
var changes = [numChanges]Info{
	RejectedPrefix: {
		Name: "rejected-prefix", Area: AreaAdmission, Since: 26,
		Before:   `a rejected pod's status message is "Pod " + the admission message (e.g. "Pod Node didn't have enough resource: cpu, …")`,
		After:    `the message starts "Pod was rejected: "`,
		Upstream: "pkg/kubelet/kubelet.go: rejectPod", PR: "#112644", Model: "core/kubelet/handlers.go",
	},
	RejectedQOSClass: {
		Name: "rejected-qos-class", Area: AreaAdmission, Since: 32,
		Before:   "a rejected pod's status has no qosClass (the kubelet writes a status without it)",
		After:    "the status keeps the pod's qosClass",
		Upstream: "pkg/kubelet/kubelet.go: rejectPod", PR: "", Model: "core/kubelet/handlers.go",
	},
	AdmitOSLabel: {
		Name: "admit-os-label", Area: AreaAdmission, Since: 23,
		Before:   "a pod labelled kubernetes.io/os with another OS is admitted",
		After:    "it is rejected: PodOSSelectorNodeLabelDoesNotMatch",
		Upstream: "pkg/kubelet/lifecycle/predicate.go: Admit, rejectPodAdmissionBasedOnOSSelector", PR: "#104613", Model: "core/kubelet/lifecycle/predicate.go",
	},
	AdmitOSField: {
		Name: "admit-os-field", Area: AreaAdmission, Since: 24,
		Before:   "spec.os never rejects a pod: the API server drops the field (unknown, or alpha IdentifyPodOS off in 1.23)",
		After:    "a spec.os.name other than the node's OS is rejected: PodOSNotSupported",
		Upstream: "pkg/kubelet/lifecycle/predicate.go: Admit, rejectPodAdmissionBasedOnOSField", PR: "#105292", Model: "core/kubelet/lifecycle/predicate.go",
	},
	AdmitOSFirst: {
		Name: "admit-os-first", Area: AreaAdmission, Since: 29,
		Before:   "the OS checks run after the resource and node checks, so a pod failing both is rejected for resources",
		After:    "the OS checks run first",
		Upstream: "pkg/kubelet/lifecycle/predicate.go: Admit", PR: "", Model: "core/kubelet/lifecycle/predicate.go",
	},
	AdmitNoExecuteTaints: {
		Name: "admit-noexecute-taints", Area: AreaAdmission, Since: 24,
		Before:   "admission ignores node taints",
		After:    "an untolerated NoExecute taint rejects the pod: TaintToleration",
		Upstream: "pkg/kubelet/lifecycle/predicate.go: generalFilter", PR: "#101218", Model: "core/kubelet/lifecycle/predicate.go",
	},
	PredicateReasonInMessage: {
		Name: "predicate-reason-in-message", Area: AreaAdmission, Since: 31,
		Before:   `a predicate rejection says only "Predicate NodeAffinity failed"`,
		After:    `it adds the reason: "Predicate NodeAffinity failed: node(s) didn't match Pod's node affinity/selector"`,
		Upstream: "pkg/kubelet/lifecycle/predicate.go: PredicateFailureError.Error", PR: "", Model: "core/kubelet/lifecycle/predicate.go",
	},

	DeadlineStatusComplete: {
		Name: "deadline-status-complete", Area: AreaPhase, Since: 22,
		Before:   "a pod past activeDeadlineSeconds gets a status with phase Failed and DeadlineExceeded but no kubelet conditions, hostIP or readiness",
		After:    "the status keeps its conditions, hostIP and container readiness",
		Upstream: "pkg/kubelet/kubelet_pods.go: generateAPIPodStatus", PR: "", Model: "core/kubelet/kubelet_pods.go",
	},
	PhasePendingInitRule: {
		Name: "phase-pending-init-rule", Area: AreaPhase, Since: 28,
		Before:   "a pod whose init container is running again (after its sandbox was re-created) is Pending",
		After:    "it stays Running once a regular container has started",
		Upstream: "pkg/kubelet/kubelet_pods.go: getPhase", PR: "#116429", Model: "core/kubelet/kubelet_pods.go",
	},
	PhaseRegularInitPending: {
		Name: "phase-regular-init-pending", Area: AreaPhase, Since: 32,
		Before:   "(1.28–1.31) a re-running regular init container leaves the pod Running",
		After:    "the pod is Pending again; only a pending sidecar is excused once a regular container has started",
		Upstream: "pkg/kubelet/kubelet_pods.go: getPhase", PR: "", Model: "core/kubelet/kubelet_pods.go",
	},
	PhaseActiveSandboxInit: {
		Name: "phase-active-sandbox-init", Area: AreaPhase, Since: 33,
		Before:   "(1.28–1.32) a sidecar not started yet leaves the pod Running once a regular container has run, in any sandbox",
		After:    "only a regular container of the current sandbox excuses it: after a sandbox re-creation the pod is Pending until its sidecar has started (Initialized stays True)",
		Upstream: "pkg/kubelet/kubelet_pods.go: getPhase, generateAPIPodStatus; container/helpers.go: HasAnyActiveRegularContainerStarted", PR: "#128516", Model: "core/kubelet/kubelet_pods.go",
	},
	PhaseTerminalOnDeletion: {
		Name: "phase-terminal-on-deletion", Area: AreaPhase, Since: 27,
		Before:   "a deleted pod keeps its phase (Running or Pending) until the object is removed",
		After:    "the kubelet writes the stopped containers' status with a terminal phase (Succeeded if all exited 0, else Failed; Failed if never initialized) before the final deletion",
		Upstream: "pkg/kubelet/kubelet_pods.go: getPhase; kubelet.go: SyncTerminatingPod; status/status_manager.go: TerminatePod, canBeDeleted", PR: "#115331", Model: "core/kubelet/kubelet_pods.go, kubelet_sync.go, status/manager.go",
	},

	PodFailedReason: {
		Name: "pod-failed-reason", Area: AreaConditions, Since: 25,
		Before:   "a Failed pod's Ready and ContainersReady are False with reason ContainersNotReady and the unready containers",
		After:    "they are False with reason PodFailed",
		Upstream: "pkg/kubelet/status/generate.go: GenerateContainersReadyCondition", PR: "#110256", Backported: "1.22.17, 1.23.17, 1.24.17", Model: "core/kubelet/status/generate.go",
	},
	InitializedWhenStarted: {
		Name: "initialized-when-started", Area: AreaConditions, Since: 28,
		Before:   "Initialized follows the init containers: False while one runs again after a sandbox re-creation",
		After:    "Initialized stays True once a regular container has started",
		Upstream: "pkg/kubelet/status/generate.go: GeneratePodInitializedCondition", PR: "#116429", Model: "core/kubelet/status/generate.go",
	},
	ReadyToStartContainersCondition: {
		Name: "ready-to-start-containers", Area: AreaConditions, Since: 29, Gate: "PodReadyToStartContainersCondition",
		Before:   "no sandbox condition",
		After:    "PodReadyToStartContainers: False until the sandbox is ready with its network, then True",
		Upstream: "pkg/kubelet/status/generate.go: GeneratePodReadyToStartContainersCondition", PR: "#117702", Model: "core/kubelet/kubelet_pods.go",
	},
	PodHasNetworkCondition: {
		Name: "pod-has-network", Area: AreaConditions, Since: 25, Gate: "PodHasNetworkCondition",
		Before:   "no sandbox condition",
		After:    "with the alpha gate on (1.25–1.27): PodHasNetwork, renamed PodReadyToStartContainers in 1.28",
		Upstream: "pkg/kubelet/status/generate.go: GeneratePodHasNetworkCondition", PR: "#111358", Model: "core/kubelet/kubelet_pods.go",
	},
	ReadyToStartOnSandboxReady: {
		Name: "ready-to-start-on-sandbox-ready", Area: AreaConditions, Since: 36,
		Before:   "PodReadyToStartContainers turns True at the next sync after the sandbox is up",
		After:    "it turns True as soon as the new sandbox and its network are ready, before any image pull",
		Upstream: "pkg/kubelet/kubelet.go: OnPodSandboxReady", PR: "#134660", Model: "core/kubelet/kubelet.go",
	},
	ReadyToStartReason: {
		Name: "ready-to-start-reason", Area: AreaConditions, Since: 37,
		Before:   "a False PodReadyToStartContainers has no reason or message",
		After:    `it says PodSandboxNotReady and why a sandbox is needed: "no pod sandbox exists", "pod sandbox is not ready", "pod sandbox has no IP address", …`,
		Upstream: "pkg/kubelet/status/generate.go: GeneratePodReadyToStartContainersCondition; kuberuntime/util/util.go: PodSandboxChanged", PR: "#135300", Model: "core/kubelet/status/generate.go",
	},
	ObservedGeneration: {
		Name: "observed-generation", Area: AreaConditions, Since: 34, Gate: "PodObservedGenerationTracking",
		Before:   "status.observedGeneration and the conditions' observedGeneration are unset",
		After:    "both carry the pod's metadata.generation the status was computed from",
		Upstream: "pkg/kubelet/kubelet_pods.go: generateAPIPodStatus; pkg/api/v1/pod: CalculatePodConditionObservedGeneration", PR: "#130352, #130573", Model: "core/kubelet/kubelet_pods.go",
	},

	LostContainerStatusUnknown: {
		Name: "lost-container-status-unknown", Area: AreaContainer, Since: 20,
		Before:   "a running container that vanished from the runtime is reported Waiting (ContainerCreating) with its old restart count",
		After:    "for a pod being deleted, its lastState is Terminated ContainerStatusUnknown, exit 137",
		Upstream: "pkg/kubelet/kubelet_pods.go: convertToAPIContainerStatuses", PR: "#88440", Model: "core/kubelet/kubelet_pods.go",
	},
	LostContainerAnyPod: {
		Name: "lost-container-any-pod", Area: AreaContainer, Since: 22,
		Before:   "(1.20–1.21) only pods being deleted report a vanished container as ContainerStatusUnknown",
		After:    "every pod does, and a pod not being deleted counts it as a restart",
		Upstream: "pkg/kubelet/kubelet_pods.go: convertToAPIContainerStatuses", PR: "", Model: "core/kubelet/kubelet_pods.go",
	},
	TerminatePodWaiting: {
		Name: "terminate-pod-waiting", Area: AreaContainer, Since: 23,
		Before:   "when a terminated pod's status is finalised, only containers still Running become ContainerStatusUnknown",
		After:    "Waiting containers become Terminated ContainerStatusUnknown (137) too",
		Upstream: "pkg/kubelet/status/status_manager.go: TerminatePod", PR: "", Backported: "1.22.17", Model: "core/kubelet/status/manager.go",
	},
	TerminatePodInitialized: {
		Name: "terminate-pod-initialized", Area: AreaContainer, Since: 24,
		Before:   "(1.23) every regular and init container that is not Terminated becomes ContainerStatusUnknown",
		After:    "regular containers only if the pod had initialized, init containers only up to the first that never ran",
		Upstream: "pkg/kubelet/status/status_manager.go: TerminatePod, hasPodInitialized", PR: "#108366", Backported: "1.22.17, 1.23.17", Model: "core/kubelet/status/manager.go",
	},
	StartedKeptWhileRunning: {
		Name: "started-kept-while-running", Area: AreaContainer, Since: 35,
		Before:   "a container's status is rebuilt on every sync with started unset until the probes fill it, so the phase counts every running sidecar as not started yet",
		After:    "a running container keeps the started value of the previous status (ChangeContainerStatusOnKubeletRestart off, its 1.35 default): a started sidecar no longer holds the pod Pending, and a container restarted within one sync reads as started until its startup probe has a result",
		Upstream: "pkg/kubelet/kubelet_pods.go: convertToAPIContainerStatuses, getPhase; prober/prober_manager.go: isContainerStarted", PR: "", Model: "core/kubelet/kubelet_pods.go, prober/manager.go",
	},

	PodHostIPs: {
		Name: "pod-host-ips", Area: AreaPodStatus, Since: 29, Gate: "PodHostIPs",
		Before:   "status.hostIPs is unset",
		After:    "status.hostIPs lists the node IPs",
		Upstream: "pkg/kubelet/kubelet_pods.go: generateAPIPodStatus", PR: "#109616", Model: "core/kubelet/kubelet_pods.go",
	},
	TerminalPhaseHeldBack: {
		Name: "terminal-phase-held-back", Area: AreaPodStatus, Since: 24,
		Before:   "a terminal phase reaches the API in the sync that computes it",
		After:    "the status manager keeps the old phase (and reason, message) until the pod worker has stopped every container",
		Upstream: "pkg/kubelet/status/status_manager.go: mergePodStatus", PR: "#108366", Backported: "1.22.17, 1.23.17", Model: "core/kubelet/status/manager.go",
	},
	InitStateTransitionChecked: {
		Name: "init-state-transition-checked", Area: AreaPodStatus, Since: 27,
		Before:   "the status manager refuses a status in which a regular container leaves Terminated against the pod's policy; init containers are not checked, so an OnFailure pod whose sandbox was re-created shows its completed init container running again",
		After:    "init containers are checked too (sidecars excepted from 1.28): that status update is aborted and the pod keeps its previous status until the init container has terminated again",
		Upstream: "pkg/kubelet/status/status_manager.go: updateStatusInternal, checkContainerStateTransition", PR: "", Model: "core/kubelet/status/manager.go",
	},

	PulledDuration: {
		Name: "pulled-duration", Area: AreaEvents, Since: 19,
		Before:   `Pulled: "Successfully pulled image \"x\""`,
		After:    `"Successfully pulled image \"x\" in 1.5s"`,
		Upstream: "pkg/kubelet/images/image_manager.go: EnsureImageExists", PR: "#91563", Model: "core/kubelet/events/messages.go",
	},
	PulledWaiting: {
		Name: "pulled-waiting", Area: AreaEvents, Since: 26,
		Before:   `Pulled: "… in 1.5s"`,
		After:    `"… in 1.5s (3.2s including waiting)"`,
		Upstream: "pkg/kubelet/images/image_manager.go: EnsureImageExists", PR: "#111772", Backported: "1.23.17, 1.25.16", Model: "core/kubelet/events/messages.go",
	},
	PulledImageSize: {
		Name: "pulled-image-size", Area: AreaEvents, Since: 30,
		Before:   `Pulled: "… (3.2s including waiting)"`,
		After:    `"… (3.2s including waiting). Image size: 1024 bytes."`,
		Upstream: "pkg/kubelet/images/image_manager.go: EnsureImageExists", PR: "#121719", Model: "core/kubelet/events/messages.go",
	},
	HookEventFixedText: {
		Name: "hook-event-fixed-text", Area: AreaEvents, Since: 26,
		Before:   "FailedPostStartHook and FailedPreStopHook carry the handler's message (command output, HTTP body)",
		After:    `they say "PostStartHook failed" / "PreStopHook failed" (the message stays in the container's waiting message)`,
		Upstream: "pkg/kubelet/kuberuntime/kuberuntime_container.go: startContainer, executePreStopHook", PR: "#86139", Model: "core/kubelet/events/messages.go",
	},
	BackOffNamesContainer: {
		Name: "backoff-names-container", Area: AreaEvents, Since: 26,
		Before:   `BackOff: "Back-off restarting failed container"`,
		After:    `"Back-off restarting failed container app in pod web_default(uid)"`,
		Upstream: "pkg/kubelet/kuberuntime/kuberuntime_manager.go: doBackOff", PR: "#113216", Model: "core/kubelet/events/messages.go",
	},
	CreatedColon: {
		Name: "created-colon", Area: AreaEvents, Since: 32,
		Before:   `Created: "Created container app"`,
		After:    `"Created container: app"`,
		Upstream: "pkg/kubelet/kuberuntime/kuberuntime_container.go: startContainer", PR: "", Backported: "1.29.15, 1.30.14, 1.31.14", Model: "core/kubelet/events/messages.go",
	},
	ProbeErroredResult: {
		Name: "probe-errored-result", Area: AreaEvents, Since: 33,
		Before:   `Unhealthy for a probe that could not run: "Liveness probe errored: <err>"`,
		After:    `"Liveness probe errored and resulted in unknown state: <err>"`,
		Upstream: "pkg/kubelet/prober/prober.go: probe", PR: "#125901", Model: "core/kubelet/events/messages.go",
	},
	EventsWithoutContainerName: {
		Name: "events-without-container-name", Area: AreaEvents, Since: 35,
		Before:   `Created and Started name the container: "Created container: app", "Started container app"`,
		After:    `"Container created", "Container started" (the container is in the event's fieldPath)`,
		Upstream: "pkg/kubelet/kuberuntime/kuberuntime_container.go: startContainer", PR: "#134043", Model: "core/kubelet/events/messages.go",
	},
	SecretPulledImages: {
		Name: "secret-pulled-images", Area: AreaEvents, Since: 35, Gate: "KubeletEnsureSecretPulledImages",
		Before:   `Pulled when no pull is needed: "Container image \"x\" already present on machine"`,
		After:    `"… already present on machine and can be accessed by the pod"`,
		Upstream: "pkg/kubelet/images/image_manager.go: EnsureImageExists", PR: "", Model: "core/kubelet/events/messages.go",
	},

	RestartsAgo: {
		Name: "restarts-ago", Area: AreaKubectl, Since: 22,
		Before:   `RESTARTS is the count: "3"`,
		After:    `it adds the age of the last restart: "3 (42s ago)"`,
		Upstream: "pkg/printers/internalversion/printers.go: printPod", PR: "#100142", Model: "core/kubelet/printers/printers.go",
	},
	RestartsAgoOnlyRestarted: {
		Name: "restarts-ago-only-restarted", Area: AreaKubectl, Since: 28,
		Before:   `(1.22–1.27) a container with a last state but no restart shows "0 (5s ago)"`,
		After:    `the age is shown only when the count is not 0: "0"`,
		Upstream: "pkg/printers/internalversion/printers.go: printPod", PR: "", Model: "core/kubelet/printers/printers.go",
	},
	PrinterInitializedPods: {
		Name: "printer-initialized-pods", Area: AreaKubectl, Since: 28,
		Before:   "STATUS shows Init:… while an init container is re-running, even if the pod had initialized",
		After:    "a pod whose Initialized condition is True shows its regular containers' status",
		Upstream: "pkg/printers/internalversion/printers.go: printPod", PR: "", Model: "core/kubelet/printers/printers.go",
	},
	TerminatingOnlyNonTerminal: {
		Name: "terminating-only-non-terminal", Area: AreaKubectl, Since: 31,
		Before:   "a pod with a deletionTimestamp shows Terminating whatever its phase",
		After:    "a deleted pod that is already Succeeded or Failed shows its own status (Completed, Error)",
		Upstream: "pkg/printers/internalversion/printers.go: printPod", PR: "#122038", Model: "core/kubelet/printers/printers.go",
	},
	CompletedShowsError: {
		Name: "completed-shows-error", Area: AreaKubectl, Since: 35,
		Before:   "a pod whose first container Completed shows Completed even if another container failed",
		After:    "it shows the failed container's reason (Error)",
		Upstream: "pkg/printers/internalversion/printers.go: printPod", PR: "#124766", Model: "core/kubelet/printers/printers.go",
	},

	RegistryUnavailableReason: {
		Name: "registry-unavailable-reason", Area: AreaImages, Since: 28,
		Before:   "every failed pull is ErrImagePull with the runtime's error as message",
		After:    `a runtime error starting "RegistryUnavailable" or "SignatureValidationFailed" gives that waiting reason and "image pull failed for x because the registry is unavailable…"`,
		Upstream: "pkg/kubelet/images/image_manager.go: evalCRIPullErr", PR: "#117612, #117717", Model: "core/kubelet/images/image_manager.go",
	},
	BackOffMessageCarriesError: {
		Name: "backoff-message-carries-error", Area: AreaImages, Since: 32,
		Before:   `ImagePullBackOff's waiting message is "Back-off pulling image \"x\""`,
		After:    `it adds the last pull error: "Back-off pulling image \"x\": ErrImagePull: <error>"`,
		Upstream: "pkg/kubelet/images/image_manager.go: EnsureImageExists", PR: "#127918", Model: "core/kubelet/images/image_manager.go",
	},

	PostStartHookErrorBare: {
		Name: "poststart-hook-error-bare", Area: AreaProbes, Since: 22,
		Before:   `a failed postStart hook's waiting reason (and STATUS) is "PostStartHookError: <handler error>"`,
		After:    `the reason is "PostStartHookError"`,
		Upstream: "pkg/kubelet/kuberuntime/kuberuntime_container.go: startContainer", PR: "", Model: "core/kubelet/events/messages.go",
	},
	HTTPHookName: {
		Name: "http-hook-name", Area: AreaProbes, Since: 21,
		Before:   `a failed HTTP hook's message begins "Http lifecycle hook (…)"`,
		After:    `"HTTP lifecycle hook (…)"`,
		Upstream: "pkg/kubelet/lifecycle/handlers.go: handlerRunner.Run", PR: "", Model: "core/kubelet/kuberuntime/hooks.go",
	},
	HTTPHookRequest: {
		Name: "http-hook-request", Area: AreaProbes, Since: 26,
		Before:   `the hook's URL is "http://ip:port/" + path (a path "/hook" gives "//hook") and the message ends ", message: <body>"`,
		After:    `the request is built like an HTTP probe's ("http://ip:port/hook") and the message carries only the error`,
		Upstream: "pkg/kubelet/lifecycle/handlers.go: handlerRunner.Run, runHTTPHandler", PR: "#86139", Model: "core/kubelet/kuberuntime/hooks.go",
	},
	ProbeTerminationGracePeriod: {
		Name: "probe-termination-grace-period", Area: AreaProbes, Since: 25, Gate: "ProbeTerminationGracePeriod",
		Before:   "a liveness or startup kill uses the pod's terminationGracePeriodSeconds (the probe-level field is dropped by the API server)",
		After:    "the probe's terminationGracePeriodSeconds, when set, is the kill's grace period",
		Upstream: "pkg/kubelet/kuberuntime/kuberuntime_container.go: setTerminationGracePeriod", PR: "", Model: "core/kubelet/kuberuntime/sync.go",
	},

	ExecProbeTimeout: {
		Name: "exec-probe-timeout", Area: AreaProbes, Since: 20, Gate: "ExecProbeTimeout",
		Before:   `an exec probe that outlives timeoutSeconds is an error: Unhealthy "Liveness probe errored: rpc error: code = DeadlineExceeded …" and the result is dropped (a liveness probe never kills the container)`,
		After:    "the remote runtime turns the runtime's DeadlineExceeded into a timeout, which fails the probe while the ExecProbeTimeout gate is on (GA, locked on from 1.35); with the gate off the probe errors with the timeout text",
		Upstream: "pkg/probe/exec/exec.go: Probe; pkg/kubelet/cri/remote/remote_runtime.go: ExecSync", PR: "#94115", Model: "core/kubelet/prober/prober.go",
	},
	ExecProbeTimeoutOutput: {
		Name: "exec-probe-timeout-output", Area: AreaProbes, Since: 23,
		Before:   `(1.20–1.22) the failed probe's output is the command's (empty): "Liveness probe failed: "`,
		After:    `it is the timeout error: "Liveness probe failed: command \"sleep 5\" timed out"`,
		Upstream: "pkg/probe/exec/exec.go: Probe", PR: "", Model: "core/kubelet/prober/prober.go",
	},
	ExecProbeTimeoutCRIClient: {
		Name: "exec-probe-timeout-cri-client", Area: AreaProbes, Since: 31,
		Before:   `the timeout text is "command \"sleep 5\" timed out"`,
		After:    `k8s.io/cri-client's: "command timed out: \"sleep 5\" timed out after 1s"`,
		Upstream: "k8s.io/cri-client/pkg/remote_runtime.go: ExecSync; pkg/probe/exec/exec.go: Probe", PR: "", Model: "core/kubelet/prober/prober.go",
	},

	GRPCProbeField: {
		Name: "grpc-probe-field", Area: AreaProbes, Since: 23,
		Before:   "a probe's grpc is an unknown field (strict decoding rejects the pod)",
		After:    "the field exists; the API server keeps it whatever the GRPCContainerProbe gate says",
		Upstream: "pkg/apis/core/types.go: ProbeHandler.GRPC; pkg/apis/core/validation/validation.go: validateHandler", PR: "", Model: "core/kubelet/v1/validation.go",
	},
	GRPCProbe: {
		Name: "grpc-probe", Area: AreaProbes, Since: 24, Gate: "GRPCContainerProbe",
		Before:   `(1.23, alpha gate off) the kubelet has no handler for a gRPC probe: Unhealthy "Liveness probe errored: missing probe handler for web_default(uid):app" and the result is dropped`,
		After:    "the kubelet runs gRPC probes (beta, on; GA 1.27)",
		Upstream: "pkg/kubelet/prober/prober.go: runProbe", PR: "", Model: "core/kubelet/prober/prober.go",
	},
	SleepActionField: {
		Name: "sleep-action-field", Area: AreaProbes, Since: 29,
		Before:   "a hook's sleep is an unknown field (strict decoding rejects the pod)",
		After:    "the field exists; with the PodLifecycleSleepAction gate off (its default in 1.29) the API server drops it and the hook has no handler: \"Required value: must specify a handler type\"",
		Upstream: "pkg/api/pod/util.go: dropDisabledFields; pkg/apis/core/validation/validation.go: validateHandler", PR: "", Model: "core/kubelet/v1/validation.go",
	},
	SleepAction: {
		Name: "sleep-action", Area: AreaProbes, Since: 30, Gate: "PodLifecycleSleepAction",
		Before:   "(1.29, alpha gate off) a pod with a sleep hook is invalid",
		After:    "the hook sleeps for its seconds (beta, on; GA 1.34)",
		Upstream: "pkg/api/pod/util.go: dropDisabledFields; pkg/kubelet/lifecycle/handlers.go: runSleepHandler", PR: "", Model: "core/kubelet/v1/validation.go",
	},

	SleepZeroGate: {
		Name: "sleep-zero-gate", Area: AreaProbes, Since: 32,
		Before:   `a sleep hook of 0s (or longer than the grace period) is invalid: "must be greater than 0 and less than terminationGracePeriodSeconds (30)"`,
		After:    `the message adds ". Enable AllowPodLifecycleSleepActionZeroValue feature gate for zero sleep." while the PodLifecycleSleepActionAllowZero gate is off`,
		Upstream: "pkg/apis/core/validation/validation.go: validateSleepAction", PR: "", Model: "core/kubelet/v1/validation.go",
	},
	SleepAllowZero: {
		Name: "sleep-allow-zero", Area: AreaProbes, Since: 33, Gate: "PodLifecycleSleepActionAllowZero",
		Before:   "a sleep hook of 0s is invalid",
		After:    `it is valid (it returns at once); a negative or too long sleep "must be non-negative and less than terminationGracePeriodSeconds (30)"`,
		Upstream: "pkg/apis/core/validation/validation.go: validateSleepAction; pkg/api/pod/util.go: GetValidationOptionsFromPodSpecAndMeta", PR: "", Model: "core/kubelet/v1/validation.go",
	},

	CrashLoopBackOffMax: {
		Name: "crashloop-backoff-max", Area: AreaTimings, Since: 35, Gate: "KubeletCrashLoopBackOffMax",
		Before:   "the crash back-off cap is 300s",
		After:    "crashLoopBackOff.maxContainerRestartPeriod of the kubelet configuration sets the cap (1s–300s); the back-off resets after 600s without a crash, as before with the fixed cap (a flat 600s from 1.32 instead of twice the cap)",
		Upstream: "pkg/kubelet/kubelet.go: newCrashLoopBackOff", PR: "#128374", Model: "core/kubelet/kubelet.go",
	},
	ReducedCrashLoopBackOff: {
		Name: "reduced-crashloop-backoff", Area: AreaTimings, Since: 33, Gate: "ReduceDefaultCrashLoopBackOffDecay",
		Before:   "crash back-off 10s doubling to 300s",
		After:    "with the alpha gate on: 1s doubling to 60s",
		Upstream: "pkg/kubelet/kubelet.go: newCrashLoopBackOff", PR: "#130711", Model: "core/kubelet/kubelet.go",
	},
	RequeueAtBackOffExpiry: {
		Name: "requeue-at-backoff-expiry", Area: AreaTimings, Since: 35,
		Before:   "a pod in CrashLoopBackOff is re-synced every 10–15s (the error back-off), so restarts lag the back-off by up to 10s",
		After:    "it is requeued at the back-off's expiry",
		Upstream: "pkg/kubelet/pod_workers.go: completeWork", PR: "#133066", Model: "core/kubelet/pod_workers.go",
	},

	ProbeResultsThroughLoop: {
		Name: "probe-results-through-loop", Area: AreaWorkers, Since: 21,
		Before:   "readiness and startup results go straight to the status manager; a startup-probe failure is acted on at the pod's next resync (up to a minute later)",
		After:    "they go through the sync loop and sync the pod at once; a pending readiness probe is run at once when the status is generated",
		Upstream: "pkg/kubelet/kubelet.go: syncLoopIteration; prober/prober_manager.go: UpdatePodStatus", PR: "#98376", Model: "core/kubelet/sync_loop.go, kubelet.go",
	},
	PodWorkerStateMachine: {
		Name: "pod-worker-state-machine", Area: AreaWorkers, Since: 22,
		Before:   "one sync function creates, syncs and kills (managePodLoop); a deleted or Failed pod is killed inside syncPod; a Succeeded pod's sandbox is stopped by housekeeping",
		After:    "each pod worker moves SyncPod → TerminatingPod → TerminatedPod; the kill happens in TerminatingPod",
		Upstream: "pkg/kubelet/pod_workers.go: UpdatePod, podWorkerLoop; kubelet.go: syncTerminatingPod", PR: "#102344", Model: "core/kubelet/pod_workers.go, kubelet_sync.go",
	},
	SyncPodReportsTerminal: {
		Name: "syncpod-reports-terminal", Area: AreaWorkers, Since: 24,
		Before:   "(1.22–1.23) a pod whose containers finished becomes terminating only at a sync after the API shows its terminal phase, so its sandbox stays up until the next resync",
		After:    "SyncPod reports the terminal phase and the worker terminates the pod at the next sync tick",
		Upstream: "pkg/kubelet/kubelet.go: syncPod; pod_workers.go: completeSync", PR: "#108366", Backported: "1.22.17, 1.23.17", Model: "core/kubelet/kubelet_sync.go",
	},
	OnDemandRelist: {
		Name: "on-demand-relist", Area: AreaWorkers, Since: 36, Gate: "PLEGOnDemandRelist",
		Before:   "the kubelet sees what a sync did at the next relist (every second)",
		After:    "a sync that acted relists its pod at once, so the next status and sync follow without waiting for the relist",
		Upstream: "pkg/kubelet/pleg/generic.go: RequestRelist, relistPod; kubelet.go: SyncPod (postSync)", PR: "#137362", Model: "core/kubelet/pleg/generic.go, kubelet_sync.go",
	},

	DeleteAfterWorkerFinished: {
		Name: "delete-after-worker-finished", Area: AreaDeletion, Since: 22,
		Before:   "after a graceful delete the next sync writes the stopped container's status (Terminated, Error 143); the object is removed once the runtime no longer has the pod's containers and its cgroup is gone (checked on status changes and every 10s)",
		After:    "the object is removed when the pod worker has finished (TerminatedPod), with the status of the stopped containers",
		Upstream: "pkg/kubelet/kubelet_pods.go: PodResourcesAreReclaimed; status/status_manager.go: canBeDeleted", PR: "#102344", Model: "core/kubelet/status/manager.go, kubelet_sync.go",
	},
	GraceOverrideBeforePreStop: {
		Name: "grace-override-before-prestop", Area: AreaDeletion, Since: 28,
		Before:   "a kill with a grace override runs the preStop hook with the pod's grace and then stops the container with the whole override",
		After:    "the override is the budget of the preStop hook and the stop together",
		Upstream: "pkg/kubelet/kuberuntime/kuberuntime_container.go: killContainer", PR: "", Model: "core/kubelet/kuberuntime/sync.go",
	},
	SidecarTerminationOrder: {
		Name: "sidecar-termination-order", Area: AreaDeletion, Since: 29, Gate: "SidecarContainers",
		Before:   "(1.28 alpha) sidecars are stopped together with the regular containers",
		After:    "sidecars are stopped after the regular containers, last to first, with what is left of the grace period",
		Upstream: "pkg/kubelet/kuberuntime/kuberuntime_container.go: killContainersWithSyncResult, newTerminationOrdering", PR: "#120620", Model: "core/kubelet/kuberuntime/sync.go",
	},

	InitRestartAfterSandboxLoss: {
		Name: "init-restart-after-sandbox-loss", Area: AreaInit, Since: 20,
		Before:   "a pod with init containers whose sandbox died restarts its init containers even when it has nothing left to run",
		After:    "a pod that finished initializing and has no container to restart gets no new sandbox",
		Upstream: "pkg/kubelet/kuberuntime/kuberuntime_manager.go: computePodActions", PR: "", Backported: "1.18.19, 1.19.16", Model: "core/kubelet/kuberuntime/actions.go",
	},
	InitRestartPolicyField: {
		Name: "init-restart-policy-field", Area: AreaInit, Since: 28,
		Before:   `a container's restartPolicy is an unknown field (strict decoding rejects the pod); lifecycle and probes on an init container "may not be set for init containers"`,
		After:    `the field exists; with the SidecarContainers gate off (its default in 1.28) the API server drops it from init containers, so the container is an ordinary init container; the messages add "without restartPolicy=Always"; on a regular container it "may not be set for non-init containers"`,
		Upstream: "pkg/api/pod/util.go: dropDisabledFields; pkg/apis/core/validation/validation.go: validateInitContainers", PR: "#116429", Model: "core/kubelet/v1/validation.go",
	},
	InitRuleSidecarPodsOnly: {
		Name: "init-rule-sidecar-pods-only", Area: AreaInit, Since: 32,
		Before:   "(1.29–1.31, SidecarContainers on) the sidecar-aware rule decides every pod's init containers: a regular container that is created (its start failed) means the pod has initialized",
		After:    "only a pod with a sidecar gets that rule; any other gets the rule from before sidecars, for which only a running regular container means that, so a pod whose init container the runtime no longer lists runs it again",
		Upstream: "pkg/kubelet/kuberuntime/kuberuntime_manager.go: computePodActions", PR: "", Model: "core/kubelet/kuberuntime/actions.go",
	},
	InitRuleEveryPod: {
		Name: "init-rule-every-pod", Area: AreaInit, Since: 33, Gate: "LegacySidecarContainers",
		Before:   "(1.32) a pod without a sidecar gets the init-container rule from before sidecars",
		After:    "every pod gets the sidecar-aware rule (in 1.33 unless the deprecated LegacySidecarContainers gate, off, is turned on; the gate is gone in 1.34)",
		Upstream: "pkg/kubelet/kuberuntime/kuberuntime_manager.go: computePodActions", PR: "", Model: "core/kubelet/kuberuntime/actions.go",
	},
	InitActionsActiveSandbox: {
		Name: "init-actions-active-sandbox", Area: AreaInit, Since: 37,
		Before:   "the init containers' progress reads each container's newest instance in any sandbox, and the pod counts as initialized only while a regular container is created or running: a pod whose regular container exited and whose init container the runtime no longer lists runs its init containers again",
		After:    "it reads the instances of the current sandbox only, and any regular container there, whatever its state, means the pod has initialized: the init containers are not run again",
		Upstream: "pkg/kubelet/kuberuntime/kuberuntime_container.go: computeInitContainerActions; container/helpers.go: HasAnyActiveRegularContainerStarted", PR: "#138514", Model: "core/kubelet/kuberuntime/actions.go",
	},
	SidecarContainers: {
		Name: "sidecar-containers", Area: AreaInit, Since: 29, Gate: "SidecarContainers",
		Before:   "(1.28, gate off) the API server drops an init container's restartPolicy: Always, so it runs as an ordinary init container",
		After:    "it is a sidecar: started before the next init container, kept running, restarted whatever the pod's policy",
		Upstream: "pkg/kubelet/kuberuntime/kuberuntime_container.go: computeInitContainerActions", PR: "#116429", Model: "core/kubelet/kubelet.go, kuberuntime/actions.go",
	},
	SidecarDefinitionChange: {
		Name: "sidecar-definition-change", Area: AreaInit, Since: 32,
		Before:   "a sidecar whose image changes keeps running the old image",
		After:    `it is killed ("Init container x definition changed") and restarted`,
		Upstream: "pkg/kubelet/kuberuntime/kuberuntime_container.go: computeInitContainerActions", PR: "#126525", Model: "core/kubelet/kuberuntime/actions.go",
	},
	SidecarRestartRules: {
		Name: "sidecar-restart-rules", Area: AreaInit, Since: 35, Gate: "ContainerRestartRules",
		Before:   "in a pod whose restartPolicy is Never (or OnFailure), a sidecar that failed waits out its back-off shown as Terminated: the status asks the pod's policy whether it will be restarted",
		After:    "the sidecar's own restartPolicy: Always answers, so it shows Waiting CrashLoopBackOff (ContainerRestartRules, beta)",
		Upstream: "pkg/kubelet/container/helpers.go: ShouldContainerBeRestarted; pkg/api/v1/pod/util.go: ContainerShouldRestart; kubelet_pods.go: convertToAPIContainerStatuses", PR: "#134631", Model: "core/kubelet/kubelet_pods.go",
	},

	RestartRulesField: {
		Name: "restart-rules-field", Area: AreaRestart, Since: 34,
		Before:   `a regular container's restartPolicy is refused ("Forbidden: may not be set for non-init containers"), and restartPolicyRules is an unknown field`,
		After:    "the API has both; with ContainerRestartRules off (alpha, the default in 1.34) the API server drops them, and an init container's restartPolicy other than Always, so the pod runs under its own policy",
		Upstream: "pkg/api/pod/util.go: dropDisabledFields, dropContainerRestartRules; staging/src/k8s.io/api/core/v1/types.go: Container", PR: "#132642", Model: "core/kubelet/v1/validation.go",
	},
	ContainerRestartRules: {
		Name: "container-restart-rules", Area: AreaRestart, Since: 35, Gate: "ContainerRestartRules",
		Before:   "a container that exited follows the pod's restartPolicy",
		After:    "a container's own restartPolicy (Always, OnFailure, Never) and its restartPolicyRules (action Restart on exit codes In/NotIn, the first match wins) decide whether it restarts in place, for the runtime manager, the container statuses, the pod phase and the status manager's transition check (beta; alpha and off in 1.34)",
		Upstream: "pkg/api/v1/pod/util.go: ContainerShouldRestart; pkg/kubelet/container/helpers.go: ShouldContainerBeRestarted; kuberuntime_manager.go: computePodActions; kuberuntime_container.go: computeInitContainerActions; kubelet_pods.go: getPhase; status_manager.go: checkContainerStateTransition; pkg/apis/core/validation/validation.go: validateContainerRestartPolicy", PR: "#134631", Model: "core/kubelet/v1/helpers.go, core/kubelet/kuberuntime/actions.go, core/kubelet/kubelet_pods.go, core/kubelet/status/manager.go",
	},
	RestartRulesInitPolicy: {
		Name: "restart-rules-init-policy", Area: AreaRestart, Since: 35, Gate: "ContainerRestartRules",
		Before:   "an init container with restartPolicyRules but no restartPolicy is accepted, and its rules are never read",
		After:    `it is refused: "Required value: must specify restartPolicy when restart rules are used"`,
		Upstream: "pkg/apis/core/validation/validation.go: validateInitContainerRestartPolicy, validateInitContainers", PR: "", Model: "core/kubelet/v1/validation.go",
	},
	RestartRulesTooMany: {
		Name: "restart-rules-too-many", Area: AreaRestart, Since: 36, Gate: "ContainerRestartRules",
		Before:   `more than 20 rules (or 255 exit codes) read "Too long: may not be more than 20 bytes"; an unsupported action lists only "Restart"`,
		After:    `they read "Too many: 21: must have at most 20 items"; an unsupported action lists the actions the gates allow ("Restart", "RestartAllContainers" with RestartAllContainersOnContainerExits)`,
		Upstream: "pkg/apis/core/validation/validation.go: validateContainerRestartPolicy", PR: "", Model: "core/kubelet/v1/validation.go",
	},
	ProbeWorkerRestartRules: {
		Name: "probe-worker-restart-rules", Area: AreaRestart, Since: 35, Gate: "ContainerRestartRules",
		Before:   "with the gate on (1.34), a probe worker whose container has terminated keeps going whatever the container's policy, and one whose container waits goes on only if the container is restartable at all",
		After:    "a worker whose container waits keeps going, and one whose container has terminated stops unless the container's policy and rules restart it for that exit code; with the gate off, a sidecar's worker in a pod whose policy is Never goes on too",
		Upstream: "pkg/kubelet/prober/worker.go: doProbe", PR: "#134631", Model: "core/kubelet/prober/worker.go",
	},
	RestartAllContainers: {
		Name: "restart-all-containers", Area: AreaRestart, Since: 36, Gate: "RestartAllContainersOnContainerExits",
		Before:   `(1.35, alpha and off) a rule's action RestartAllContainers is refused: "Unsupported value: \"RestartAllContainers\": supported values: \"Restart\"" (with the gate on, and NodeDeclaredFeatures, which it depends on, it works as from 1.36 but for restart-all-after-reset)`,
		After:    "a container that exits with a code whose first matching rule is RestartAllContainers sets the pod's condition AllContainersRestarting (True, RestartAllContainersStarted); the next sync kills (Killing \"killing\", no grace but the 2 s minimum) and removes every instance of every container, the source last, keeping the sandbox; once the runtime lists none the condition turns False, the containers wait as RestartingAllContainers (last state 137, one restart more) and start again from the first init container, with no back-off; Initialized stays True; rules on sidecars are allowed",
		Upstream: "pkg/kubelet/kuberuntime/kuberuntime_manager.go: computePodActions, getContainersToReset, SyncPod; pkg/kubelet/kubelet.go: SyncPod; kubelet_pods.go: generateAPIPodStatus, convertToAPIContainerStatuses, getPhase; status/generate.go: GenerateAllContainersRestartingCondition, GeneratePodInitializedCondition; container/helpers.go: ShouldAllContainersRestart, AllContainersRestartCleanedUp; pkg/api/v1/pod/util.go: ContainerShouldRestart, AllContainersCouldRestart; status_manager.go: checkContainerStateTransition; prober/worker.go: doProbe", PR: "", Model: "core/kubelet/kuberuntime/actions.go, kuberuntime/sync.go, core/kubelet/kubelet_pods.go, kubelet_sync.go, status/generate.go",
	},
	RestartAllAfterReset: {
		Name: "restart-all-after-reset", Area: AreaRestart, Since: 36, Gate: "RestartAllContainersOnContainerExits",
		Before:   "(1.35, the gate on) after the sync that removed the containers the pod waits for its next sync: a killed container's PLEG event, else its periodic resync (a pod whose only container asked for the restart waits a minute); a restarted container shows no last state",
		After:    "a sync that removed containers for the restart queues the pod's next sync at once, and a container whose instance changed keeps the previous status's termination as its last state",
		Upstream: "pkg/kubelet/kubelet.go: SyncPod; kubelet_pods.go: convertToAPIContainerStatuses", PR: "", Model: "core/kubelet/kubelet_sync.go, core/kubelet/kubelet_pods.go",
	},
}
