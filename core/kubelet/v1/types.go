// Package v1 holds slim copies of the core/v1 API types the kubelet model
// reads and writes (Pod, PodSpec, PodStatus, ContainerStatus, Event), with
// the Kubernetes JSON field names, plus the API server's defaulting and the
// validation rules that matter to the kubelet. It never imports k8s.io/*;
// fields the model does not use are still accepted (kept as raw JSON) so
// that real manifests decode.
package v1

import (
	"encoding/json"
	"time"
)

// Time is a metav1.Time: it marshals as RFC 3339 with second precision,
// like the API server, and as null when zero.
type Time struct{ time.Time }

// NewTime wraps t.
func NewTime(t time.Time) *Time { return &Time{t} }

// MarshalJSON implements json.Marshaler.
func (t Time) MarshalJSON() ([]byte, error) {
	if t.IsZero() {
		return []byte("null"), nil
	}
	return json.Marshal(t.UTC().Format(time.RFC3339))
}

// UnmarshalJSON implements json.Unmarshaler.
func (t *Time) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		t.Time = time.Time{}
		return nil
	}
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	v, err := time.Parse(time.RFC3339, s)
	if err != nil {
		return err
	}
	t.Time = v
	return nil
}

// Raw holds a field the model accepts but does not interpret.
type Raw = json.RawMessage

// ObjectMeta is metav1.ObjectMeta, slimmed.
type ObjectMeta struct {
	Name                       string            `json:"name,omitempty"`
	GenerateName               string            `json:"generateName,omitempty"`
	Namespace                  string            `json:"namespace,omitempty"`
	UID                        string            `json:"uid,omitempty"`
	ResourceVersion            string            `json:"resourceVersion,omitempty"`
	Generation                 int64             `json:"generation,omitempty"`
	CreationTimestamp          *Time             `json:"creationTimestamp,omitempty"`
	DeletionTimestamp          *Time             `json:"deletionTimestamp,omitempty"`
	DeletionGracePeriodSeconds *int64            `json:"deletionGracePeriodSeconds,omitempty"`
	Labels                     map[string]string `json:"labels,omitempty"`
	Annotations                map[string]string `json:"annotations,omitempty"`
	OwnerReferences            Raw               `json:"ownerReferences,omitempty"`
	Finalizers                 []string          `json:"finalizers,omitempty"`
	ManagedFields              Raw               `json:"managedFields,omitempty"`
	SelfLink                   string            `json:"selfLink,omitempty"`
}

// Pod is core/v1 Pod.
type Pod struct {
	APIVersion string     `json:"apiVersion,omitempty"`
	Kind       string     `json:"kind,omitempty"`
	Metadata   ObjectMeta `json:"metadata"`
	Spec       PodSpec    `json:"spec"`
	Status     PodStatus  `json:"status"`
}

// RestartPolicy values.
const (
	RestartPolicyAlways    = "Always"
	RestartPolicyOnFailure = "OnFailure"
	RestartPolicyNever     = "Never"
)

// Pull policies.
const (
	PullAlways       = "Always"
	PullIfNotPresent = "IfNotPresent"
	PullNever        = "Never"
)

// PodSpec is core/v1 PodSpec.
type PodSpec struct {
	InitContainers                []Container       `json:"initContainers,omitempty"`
	Containers                    []Container       `json:"containers"`
	EphemeralContainers           Raw               `json:"ephemeralContainers,omitempty"`
	RestartPolicy                 string            `json:"restartPolicy,omitempty"`
	TerminationGracePeriodSeconds *int64            `json:"terminationGracePeriodSeconds,omitempty"`
	ActiveDeadlineSeconds         *int64            `json:"activeDeadlineSeconds,omitempty"`
	NodeName                      string            `json:"nodeName,omitempty"`
	NodeSelector                  map[string]string `json:"nodeSelector,omitempty"`
	Affinity                      *Affinity         `json:"affinity,omitempty"`
	Tolerations                   []Toleration      `json:"tolerations,omitempty"`
	HostNetwork                   bool              `json:"hostNetwork,omitempty"`
	ReadinessGates                []ReadinessGate   `json:"readinessGates,omitempty"`
	OS                            *PodOS            `json:"os,omitempty"`
	Overhead                      ResourceList      `json:"overhead,omitempty"`

	Volumes                      Raw     `json:"volumes,omitempty"`
	DNSPolicy                    string  `json:"dnsPolicy,omitempty"`
	DNSConfig                    Raw     `json:"dnsConfig,omitempty"`
	ServiceAccountName           string  `json:"serviceAccountName,omitempty"`
	DeprecatedServiceAccount     string  `json:"serviceAccount,omitempty"`
	AutomountServiceAccountToken *bool   `json:"automountServiceAccountToken,omitempty"`
	HostPID                      bool    `json:"hostPID,omitempty"`
	HostIPC                      bool    `json:"hostIPC,omitempty"`
	ShareProcessNamespace        *bool   `json:"shareProcessNamespace,omitempty"`
	SecurityContext              Raw     `json:"securityContext,omitempty"`
	ImagePullSecrets             Raw     `json:"imagePullSecrets,omitempty"`
	Hostname                     string  `json:"hostname,omitempty"`
	Subdomain                    string  `json:"subdomain,omitempty"`
	SchedulerName                string  `json:"schedulerName,omitempty"`
	HostAliases                  Raw     `json:"hostAliases,omitempty"`
	PriorityClassName            string  `json:"priorityClassName,omitempty"`
	Priority                     *int32  `json:"priority,omitempty"`
	RuntimeClassName             *string `json:"runtimeClassName,omitempty"`
	EnableServiceLinks           *bool   `json:"enableServiceLinks,omitempty"`
	PreemptionPolicy             *string `json:"preemptionPolicy,omitempty"`
	TopologySpreadConstraints    Raw     `json:"topologySpreadConstraints,omitempty"`
	SetHostnameAsFQDN            *bool   `json:"setHostnameAsFQDN,omitempty"`
	HostUsers                    *bool   `json:"hostUsers,omitempty"`
	SchedulingGates              Raw     `json:"schedulingGates,omitempty"`
	ResourceClaims               Raw     `json:"resourceClaims,omitempty"`
	Resources                    Raw     `json:"resources,omitempty"`
	HostnameOverride             *string `json:"hostnameOverride,omitempty"`
}

// PodOS is core/v1 PodOS.
type PodOS struct {
	Name string `json:"name"`
}

// ReadinessGate is core/v1 PodReadinessGate.
type ReadinessGate struct {
	ConditionType string `json:"conditionType"`
}

// Toleration is core/v1 Toleration.
type Toleration struct {
	Key               string `json:"key,omitempty"`
	Operator          string `json:"operator,omitempty"`
	Value             string `json:"value,omitempty"`
	Effect            string `json:"effect,omitempty"`
	TolerationSeconds *int64 `json:"tolerationSeconds,omitempty"`
}

// Affinity is core/v1 Affinity; only node affinity is interpreted.
type Affinity struct {
	NodeAffinity    *NodeAffinity `json:"nodeAffinity,omitempty"`
	PodAffinity     Raw           `json:"podAffinity,omitempty"`
	PodAntiAffinity Raw           `json:"podAntiAffinity,omitempty"`
}

// NodeAffinity is core/v1 NodeAffinity.
type NodeAffinity struct {
	RequiredDuringSchedulingIgnoredDuringExecution  *NodeSelector `json:"requiredDuringSchedulingIgnoredDuringExecution,omitempty"`
	PreferredDuringSchedulingIgnoredDuringExecution Raw           `json:"preferredDuringSchedulingIgnoredDuringExecution,omitempty"`
}

// NodeSelector is core/v1 NodeSelector: the terms are ORed.
type NodeSelector struct {
	NodeSelectorTerms []NodeSelectorTerm `json:"nodeSelectorTerms"`
}

// NodeSelectorTerm is core/v1 NodeSelectorTerm: requirements are ANDed.
type NodeSelectorTerm struct {
	MatchExpressions []NodeSelectorRequirement `json:"matchExpressions,omitempty"`
	MatchFields      []NodeSelectorRequirement `json:"matchFields,omitempty"`
}

// NodeSelectorRequirement is core/v1 NodeSelectorRequirement.
type NodeSelectorRequirement struct {
	Key      string   `json:"key"`
	Operator string   `json:"operator"`
	Values   []string `json:"values,omitempty"`
}

// Container is core/v1 Container.
type Container struct {
	Name            string                `json:"name"`
	Image           string                `json:"image,omitempty"`
	Command         []string              `json:"command,omitempty"`
	Args            []string              `json:"args,omitempty"`
	ImagePullPolicy string                `json:"imagePullPolicy,omitempty"`
	Resources       *ResourceRequirements `json:"resources,omitempty"`
	LivenessProbe   *Probe                `json:"livenessProbe,omitempty"`
	ReadinessProbe  *Probe                `json:"readinessProbe,omitempty"`
	StartupProbe    *Probe                `json:"startupProbe,omitempty"`
	Lifecycle       *Lifecycle            `json:"lifecycle,omitempty"`
	RestartPolicy   *string               `json:"restartPolicy,omitempty"`
	Ports           []ContainerPort       `json:"ports,omitempty"`

	WorkingDir               string `json:"workingDir,omitempty"`
	Env                      Raw    `json:"env,omitempty"`
	EnvFrom                  Raw    `json:"envFrom,omitempty"`
	VolumeMounts             Raw    `json:"volumeMounts,omitempty"`
	VolumeDevices            Raw    `json:"volumeDevices,omitempty"`
	SecurityContext          Raw    `json:"securityContext,omitempty"`
	TerminationMessagePath   string `json:"terminationMessagePath,omitempty"`
	TerminationMessagePolicy string `json:"terminationMessagePolicy,omitempty"`
	Stdin                    bool   `json:"stdin,omitempty"`
	StdinOnce                bool   `json:"stdinOnce,omitempty"`
	TTY                      bool   `json:"tty,omitempty"`
	ResizePolicy             Raw    `json:"resizePolicy,omitempty"`
	// RestartPolicyRules: core/v1 from 1.34 (ContainerRestartRules).
	RestartPolicyRules []ContainerRestartRule `json:"restartPolicyRules,omitempty"`
}

// ContainerRestartRule is core/v1 ContainerRestartRule: on an exit whose
// code matches ExitCodes, Action is taken.
type ContainerRestartRule struct {
	Action    string                           `json:"action,omitempty"`
	ExitCodes *ContainerRestartRuleOnExitCodes `json:"exitCodes,omitempty"`
}

// ContainerRestartRuleOnExitCodes is core/v1 ContainerRestartRuleOnExitCodes.
type ContainerRestartRuleOnExitCodes struct {
	Operator string  `json:"operator,omitempty"`
	Values   []int32 `json:"values,omitempty"`
}

// Restart rule actions and exit-code operators.
const (
	RestartRuleActionRestart            = "Restart"
	RestartRuleActionRestartAll         = "RestartAllContainers"
	RestartRuleOpIn, RestartRuleOpNotIn = "In", "NotIn"
)

// ContainerPort is core/v1 ContainerPort.
type ContainerPort struct {
	Name          string `json:"name,omitempty"`
	HostPort      int32  `json:"hostPort,omitempty"`
	ContainerPort int32  `json:"containerPort"`
	Protocol      string `json:"protocol,omitempty"`
	HostIP        string `json:"hostIP,omitempty"`
}

// ResourceRequirements is core/v1 ResourceRequirements; quantities are
// kept as written and parsed with ParseQuantity.
type ResourceRequirements struct {
	Requests ResourceList `json:"requests,omitempty"`
	Limits   ResourceList `json:"limits,omitempty"`
	Claims   Raw          `json:"claims,omitempty"`
}

// Probe is core/v1 Probe.
type Probe struct {
	ProbeHandler
	InitialDelaySeconds           int32  `json:"initialDelaySeconds,omitempty"`
	TimeoutSeconds                int32  `json:"timeoutSeconds,omitempty"`
	PeriodSeconds                 int32  `json:"periodSeconds,omitempty"`
	SuccessThreshold              int32  `json:"successThreshold,omitempty"`
	FailureThreshold              int32  `json:"failureThreshold,omitempty"`
	TerminationGracePeriodSeconds *int64 `json:"terminationGracePeriodSeconds,omitempty"`
}

// ProbeHandler is core/v1 ProbeHandler.
type ProbeHandler struct {
	Exec      *ExecAction `json:"exec,omitempty"`
	HTTPGet   *HTTPAction `json:"httpGet,omitempty"`
	TCPSocket *TCPAction  `json:"tcpSocket,omitempty"`
	GRPC      *GRPCAction `json:"grpc,omitempty"`
}

// LifecycleHandler is core/v1 LifecycleHandler.
type LifecycleHandler struct {
	Exec      *ExecAction  `json:"exec,omitempty"`
	HTTPGet   *HTTPAction  `json:"httpGet,omitempty"`
	TCPSocket *TCPAction   `json:"tcpSocket,omitempty"`
	Sleep     *SleepAction `json:"sleep,omitempty"`
}

// Lifecycle is core/v1 Lifecycle.
type Lifecycle struct {
	PostStart  *LifecycleHandler `json:"postStart,omitempty"`
	PreStop    *LifecycleHandler `json:"preStop,omitempty"`
	StopSignal string            `json:"stopSignal,omitempty"`
}

// ExecAction is core/v1 ExecAction.
type ExecAction struct {
	Command []string `json:"command,omitempty"`
}

// HTTPAction is core/v1 HTTPGetAction; the port is a number or a name.
type HTTPAction struct {
	Path        string          `json:"path,omitempty"`
	Port        json.RawMessage `json:"port"`
	Host        string          `json:"host,omitempty"`
	Scheme      string          `json:"scheme,omitempty"`
	HTTPHeaders Raw             `json:"httpHeaders,omitempty"`
}

// TCPAction is core/v1 TCPSocketAction.
type TCPAction struct {
	Port json.RawMessage `json:"port"`
	Host string          `json:"host,omitempty"`
}

// GRPCAction is core/v1 GRPCAction.
type GRPCAction struct {
	Port    int32   `json:"port"`
	Service *string `json:"service,omitempty"`
}

// SleepAction is core/v1 SleepAction.
type SleepAction struct {
	Seconds int64 `json:"seconds"`
}

// Pod phases.
const (
	PodPending   = "Pending"
	PodRunning   = "Running"
	PodSucceeded = "Succeeded"
	PodFailed    = "Failed"
	PodUnknown   = "Unknown"
)

// Pod condition types owned by the kubelet.
const (
	PodScheduled              = "PodScheduled"
	PodReadyToStartContainers = "PodReadyToStartContainers"
	PodInitialized            = "Initialized"
	ContainersReady           = "ContainersReady"
	PodReady                  = "Ready"
	// AllContainersRestarting: 1.35+, RestartAllContainersOnContainerExits.
	AllContainersRestarting = "AllContainersRestarting"
)

// PodStatus is core/v1 PodStatus.
type PodStatus struct {
	ObservedGeneration    int64             `json:"observedGeneration,omitempty"`
	Phase                 string            `json:"phase,omitempty"`
	Conditions            []PodCondition    `json:"conditions,omitempty"`
	Message               string            `json:"message,omitempty"`
	Reason                string            `json:"reason,omitempty"`
	HostIP                string            `json:"hostIP,omitempty"`
	HostIPs               []PodIP           `json:"hostIPs,omitempty"`
	PodIP                 string            `json:"podIP,omitempty"`
	PodIPs                []PodIP           `json:"podIPs,omitempty"`
	StartTime             *Time             `json:"startTime,omitempty"`
	InitContainerStatuses []ContainerStatus `json:"initContainerStatuses,omitempty"`
	ContainerStatuses     []ContainerStatus `json:"containerStatuses,omitempty"`
	QOSClass              string            `json:"qosClass,omitempty"`
}

// PodIP is core/v1 PodIP.
type PodIP struct {
	IP string `json:"ip"`
}

// PodCondition is core/v1 PodCondition.
type PodCondition struct {
	Type               string `json:"type"`
	ObservedGeneration int64  `json:"observedGeneration,omitempty"`
	Status             string `json:"status"`
	LastProbeTime      *Time  `json:"lastProbeTime"`
	LastTransitionTime *Time  `json:"lastTransitionTime"`
	Reason             string `json:"reason,omitempty"`
	Message            string `json:"message,omitempty"`
}

// Condition statuses.
const (
	ConditionTrue    = "True"
	ConditionFalse   = "False"
	ConditionUnknown = "Unknown"
)

// ContainerStatus is core/v1 ContainerStatus.
type ContainerStatus struct {
	Name                 string         `json:"name"`
	State                ContainerState `json:"state"`
	LastTerminationState ContainerState `json:"lastState"`
	Ready                bool           `json:"ready"`
	RestartCount         int32          `json:"restartCount"`
	Image                string         `json:"image"`
	ImageID              string         `json:"imageID"`
	ContainerID          string         `json:"containerID,omitempty"`
	Started              *bool          `json:"started,omitempty"`
}

// ContainerState is core/v1 ContainerState: at most one member is set.
type ContainerState struct {
	Waiting    *ContainerStateWaiting    `json:"waiting,omitempty"`
	Running    *ContainerStateRunning    `json:"running,omitempty"`
	Terminated *ContainerStateTerminated `json:"terminated,omitempty"`
}

// ContainerStateWaiting is core/v1 ContainerStateWaiting.
type ContainerStateWaiting struct {
	Reason  string `json:"reason,omitempty"`
	Message string `json:"message,omitempty"`
}

// ContainerStateRunning is core/v1 ContainerStateRunning.
type ContainerStateRunning struct {
	StartedAt *Time `json:"startedAt"`
}

// ContainerStateTerminated is core/v1 ContainerStateTerminated.
type ContainerStateTerminated struct {
	ExitCode    int32  `json:"exitCode"`
	Signal      int32  `json:"signal,omitempty"`
	Reason      string `json:"reason,omitempty"`
	Message     string `json:"message,omitempty"`
	StartedAt   *Time  `json:"startedAt"`
	FinishedAt  *Time  `json:"finishedAt"`
	ContainerID string `json:"containerID,omitempty"`
}
