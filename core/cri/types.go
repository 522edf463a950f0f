package cri

// ContainerState is the CRI container state (runtime.v1.ContainerState).
type ContainerState int32

// The CRI container states, with the CRI numbering.
const (
	ContainerCreated ContainerState = 0
	ContainerRunning ContainerState = 1
	ContainerExited  ContainerState = 2
	ContainerUnknown ContainerState = 3
)

func (s ContainerState) String() string {
	switch s {
	case ContainerCreated:
		return "CONTAINER_CREATED"
	case ContainerRunning:
		return "CONTAINER_RUNNING"
	case ContainerExited:
		return "CONTAINER_EXITED"
	default:
		return "CONTAINER_UNKNOWN"
	}
}

// PodSandboxState is the CRI sandbox state (runtime.v1.PodSandboxState).
type PodSandboxState int32

// The CRI sandbox states, with the CRI numbering.
const (
	SandboxReady    PodSandboxState = 0
	SandboxNotReady PodSandboxState = 1
)

func (s PodSandboxState) String() string {
	if s == SandboxReady {
		return "SANDBOX_READY"
	}
	return "SANDBOX_NOTREADY"
}

// NamespaceMode is the CRI namespace mode of a sandbox.
type NamespaceMode int32

// Namespace modes: POD (own namespace) and NODE (host namespace).
const (
	NamespacePod  NamespaceMode = 0
	NamespaceNode NamespaceMode = 2
)

// PodSandboxMetadata identifies a sandbox: the pod it belongs to and the
// attempt number (how many sandboxes the kubelet created before it).
type PodSandboxMetadata struct {
	Name      string `json:"name"`
	UID       string `json:"uid"`
	Namespace string `json:"namespace"`
	Attempt   uint32 `json:"attempt"`
}

// NamespaceOption holds the namespace modes of a sandbox. The kubelet
// compares the network mode on every sync, so a runtime must echo it back.
type NamespaceOption struct {
	Network NamespaceMode `json:"network"`
	Pid     NamespaceMode `json:"pid"`
	Ipc     NamespaceMode `json:"ipc"`
}

// PodSandboxConfig is the kubelet's description of a sandbox to run.
type PodSandboxConfig struct {
	Metadata     PodSandboxMetadata `json:"metadata"`
	Hostname     string             `json:"hostname,omitempty"`
	LogDirectory string             `json:"logDirectory,omitempty"`
	Labels       map[string]string  `json:"labels,omitempty"`
	Annotations  map[string]string  `json:"annotations,omitempty"`
	Namespaces   NamespaceOption    `json:"namespaces"`
}

// PodSandboxNetworkStatus is the sandbox's network as the runtime reports it.
type PodSandboxNetworkStatus struct {
	IP            string   `json:"ip,omitempty"`
	AdditionalIPs []string `json:"additionalIps,omitempty"`
}

// PodSandboxStatus is the answer of PodSandboxStatus. Labels and annotations
// must equal the ones given to RunPodSandbox.
type PodSandboxStatus struct {
	ID             string                  `json:"id"`
	Metadata       PodSandboxMetadata      `json:"metadata"`
	State          PodSandboxState         `json:"state"`
	CreatedAt      int64                   `json:"createdAt"`
	Network        PodSandboxNetworkStatus `json:"network"`
	Namespaces     NamespaceOption         `json:"namespaces"`
	Labels         map[string]string       `json:"labels,omitempty"`
	Annotations    map[string]string       `json:"annotations,omitempty"`
	RuntimeHandler string                  `json:"runtimeHandler,omitempty"`
}

// PodSandbox is one item of ListPodSandbox.
type PodSandbox struct {
	ID          string             `json:"id"`
	Metadata    PodSandboxMetadata `json:"metadata"`
	State       PodSandboxState    `json:"state"`
	CreatedAt   int64              `json:"createdAt"`
	Labels      map[string]string  `json:"labels,omitempty"`
	Annotations map[string]string  `json:"annotations,omitempty"`
}

// PodSandboxFilter narrows ListPodSandbox. Empty fields match everything;
// the label selector is an exact-match AND.
type PodSandboxFilter struct {
	ID            string            `json:"id,omitempty"`
	State         *PodSandboxState  `json:"state,omitempty"`
	LabelSelector map[string]string `json:"labelSelector,omitempty"`
}

// ContainerMetadata names a container inside its sandbox; attempt is the
// kubelet's restart count for it.
type ContainerMetadata struct {
	Name    string `json:"name"`
	Attempt uint32 `json:"attempt"`
}

// ImageSpec names an image.
type ImageSpec struct {
	Image              string `json:"image"`
	UserSpecifiedImage string `json:"userSpecifiedImage,omitempty"`
}

// KeyValue is an environment variable.
type KeyValue struct {
	Key   string `json:"key"`
	Value string `json:"value"`
}

// ContainerConfig is the kubelet's description of a container to create.
type ContainerConfig struct {
	Metadata    ContainerMetadata `json:"metadata"`
	Image       ImageSpec         `json:"image"`
	Command     []string          `json:"command,omitempty"`
	Args        []string          `json:"args,omitempty"`
	Envs        []KeyValue        `json:"envs,omitempty"`
	Labels      map[string]string `json:"labels,omitempty"`
	Annotations map[string]string `json:"annotations,omitempty"`
	LogPath     string            `json:"logPath,omitempty"`
}

// ContainerStatus is the answer of ContainerStatus. Times are Unix
// nanoseconds; zero means "not yet".
type ContainerStatus struct {
	ID          string            `json:"id"`
	Metadata    ContainerMetadata `json:"metadata"`
	State       ContainerState    `json:"state"`
	CreatedAt   int64             `json:"createdAt"`
	StartedAt   int64             `json:"startedAt"`
	FinishedAt  int64             `json:"finishedAt"`
	ExitCode    int32             `json:"exitCode"`
	Image       ImageSpec         `json:"image"`
	ImageRef    string            `json:"imageRef"`
	Reason      string            `json:"reason,omitempty"`
	Message     string            `json:"message,omitempty"`
	Labels      map[string]string `json:"labels,omitempty"`
	Annotations map[string]string `json:"annotations,omitempty"`
	LogPath     string            `json:"logPath,omitempty"`
}

// Container is one item of ListContainers.
type Container struct {
	ID           string            `json:"id"`
	PodSandboxID string            `json:"podSandboxId"`
	Metadata     ContainerMetadata `json:"metadata"`
	Image        ImageSpec         `json:"image"`
	ImageRef     string            `json:"imageRef"`
	State        ContainerState    `json:"state"`
	CreatedAt    int64             `json:"createdAt"`
	Labels       map[string]string `json:"labels,omitempty"`
	Annotations  map[string]string `json:"annotations,omitempty"`
}

// ContainerFilter narrows ListContainers.
type ContainerFilter struct {
	ID            string            `json:"id,omitempty"`
	State         *ContainerState   `json:"state,omitempty"`
	PodSandboxID  string            `json:"podSandboxId,omitempty"`
	LabelSelector map[string]string `json:"labelSelector,omitempty"`
}

// RuntimeCondition is one condition of the runtime's Status.
type RuntimeCondition struct {
	Type    string `json:"type"`
	Status  bool   `json:"status"`
	Reason  string `json:"reason,omitempty"`
	Message string `json:"message,omitempty"`
}

// The two runtime conditions the kubelet requires.
const (
	RuntimeReady = "RuntimeReady"
	NetworkReady = "NetworkReady"
)

// RuntimeStatus is the answer of Status.
type RuntimeStatus struct {
	Conditions []RuntimeCondition `json:"conditions"`
}

// Condition returns the condition of type t, or nil.
func (s *RuntimeStatus) Condition(t string) *RuntimeCondition {
	if s == nil {
		return nil
	}
	for i := range s.Conditions {
		if s.Conditions[i].Type == t {
			return &s.Conditions[i]
		}
	}
	return nil
}

// Image is an image known to the runtime.
type Image struct {
	ID          string   `json:"id"`
	RepoTags    []string `json:"repoTags,omitempty"`
	RepoDigests []string `json:"repoDigests,omitempty"`
	Size        uint64   `json:"size"`
}

// AuthConfig carries registry credentials for a pull.
type AuthConfig struct {
	Username string `json:"username,omitempty"`
	Password string `json:"password,omitempty"`
}

// ExecSyncResponse is the answer of ExecSync.
type ExecSyncResponse struct {
	Stdout   []byte `json:"stdout,omitempty"`
	Stderr   []byte `json:"stderr,omitempty"`
	ExitCode int32  `json:"exitCode"`
}

// VersionResponse is the answer of Version.
type VersionResponse struct {
	Version           string `json:"version"`
	RuntimeName       string `json:"runtimeName"`
	RuntimeVersion    string `json:"runtimeVersion"`
	RuntimeAPIVersion string `json:"runtimeApiVersion"`
}
