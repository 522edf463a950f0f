package release

// Change is one behaviour of the kubelet model that differs between
// releases. Its Info says how.
type Change int

// The changes, grouped by the area they belong to.
const (
	// Admission
	RejectedPrefix Change = iota
	RejectedQOSClass
	AdmitOSLabel
	AdmitOSField
	AdmitOSFirst
	AdmitNoExecuteTaints
	PredicateReasonInMessage

	// Pod phase
	DeadlineStatusComplete
	PhasePendingInitRule
	PhaseRegularInitPending
	PhaseActiveSandboxInit
	PhaseTerminalOnDeletion

	// Conditions
	PodFailedReason
	InitializedWhenStarted
	ReadyToStartContainersCondition
	PodHasNetworkCondition
	ReadyToStartOnSandboxReady
	ReadyToStartReason
	ObservedGeneration

	// Container status
	LostContainerStatusUnknown
	LostContainerAnyPod
	TerminatePodWaiting
	TerminatePodInitialized
	StartedKeptWhileRunning

	// Pod status
	PodHostIPs
	TerminalPhaseHeldBack
	InitStateTransitionChecked

	// Events
	PulledDuration
	PulledWaiting
	PulledImageSize
	HookEventFixedText
	BackOffNamesContainer
	CreatedColon
	ProbeErroredResult
	EventsWithoutContainerName
	SecretPulledImages

	// kubectl columns
	RestartsAgo
	RestartsAgoOnlyRestarted
	PrinterInitializedPods
	TerminatingOnlyNonTerminal
	CompletedShowsError

	// Images
	RegistryUnavailableReason
	BackOffMessageCarriesError

	// Hooks and probes
	PostStartHookErrorBare
	HTTPHookName
	HTTPHookRequest
	ProbeResultsThroughLoop
	ProbeTerminationGracePeriod
	ExecProbeTimeout
	ExecProbeTimeoutOutput
	ExecProbeTimeoutCRIClient
	GRPCProbeField
	GRPCProbe
	SleepActionField
	SleepAction
	SleepZeroGate
	SleepAllowZero

	// Back-off and requeue timings
	CrashLoopBackOffMax
	ReducedCrashLoopBackOff
	RequeueAtBackOffExpiry

	// Pod workers and sync triggers
	PodWorkerStateMachine
	SyncPodReportsTerminal
	OnDemandRelist

	// Termination and deletion
	DeleteAfterWorkerFinished
	GraceOverrideBeforePreStop
	SidecarTerminationOrder

	// Init and sidecar containers
	InitRestartAfterSandboxLoss
	InitRestartPolicyField
	InitRuleSidecarPodsOnly
	InitRuleEveryPod
	InitActionsActiveSandbox
	SidecarContainers
	SidecarDefinitionChange
	SidecarRestartRules

	// Container restart rules
	RestartRulesField
	ContainerRestartRules
	RestartRulesInitPolicy
	RestartRulesTooMany
	ProbeWorkerRestartRules
	RestartAllContainers
	RestartAllAfterReset

	numChanges
)

// Area groups changes for the table.
type Area string

// The areas, in the order the table lists them.
const (
	AreaAdmission  Area = "Admission"
	AreaPhase      Area = "Pod phase"
	AreaConditions Area = "Conditions"
	AreaContainer  Area = "Container status"
	AreaPodStatus  Area = "Pod status fields"
	AreaEvents     Area = "Events"
	AreaKubectl    Area = "kubectl columns"
	AreaImages     Area = "Images"
	AreaProbes     Area = "Hooks and probes"
	AreaTimings    Area = "Back-off and requeue timings"
	AreaWorkers    Area = "Pod workers and sync triggers"
	AreaDeletion   Area = "Termination and deletion"
	AreaInit       Area = "Init and sidecar containers"
	AreaRestart    Area = "Container restart rules"
)

// Areas lists the areas in table order.
var Areas = []Area{AreaAdmission, AreaPhase, AreaConditions, AreaContainer, AreaPodStatus, AreaEvents, AreaKubectl,
	AreaImages, AreaProbes, AreaTimings, AreaWorkers, AreaDeletion, AreaInit, AreaRestart}

// Info describes a change for users and reviewers.
type Info struct {
	// Name is a stable slug: the anchor in the docs and the name of the
	// boundary transcript file.
	Name string
	Area Area
	// Since is the first release (minor) with the newer behaviour.
	Since int
	// Gate is the feature gate the behaviour follows, if any.
	Gate string
	// Before and After say what users see on either side.
	Before, After string
	// Upstream is the file and function that own the behaviour upstream.
	Upstream string
	// PR is the upstream pull request, "#N", when known.
	PR string
	// Backported lists the newest patches of older minors that also got
	// the change (the model follows each minor's .0 release).
	Backported string
	// Model is where the model switches (package/file).
	Model string
}

// Lookup returns the Info of c.
func Lookup(c Change) Info { return changes[c] }

// All returns every change in declaration order.
func All() []Change {
	out := make([]Change, numChanges)
	for i := range out {
		out[i] = Change(i)
	}
	return out
}

// ByName finds a change by its slug.
func ByName(name string) (Change, bool) {
	for c := Change(0); c < numChanges; c++ {
		if changes[c].Name == name {
			return c, true
		}
	}
	return 0, false
}
