package scenario

import (
	"encoding/json"
	"sort"

	"github.com/kubexplorer/kubexplorer/core/cri/fake"
	"github.com/kubexplorer/kubexplorer/core/kubelet/lifecycle"
	"github.com/kubexplorer/kubexplorer/core/sim"
)

// File is the YAML form of a scenario.
type File struct {
	Title        string          `json:"title,omitempty"`
	Description  string          `json:"description,omitempty"`
	Release      string          `json:"release,omitempty"`
	FeatureGates map[string]bool `json:"featureGates,omitempty"`
	Options      *Options        `json:"options,omitempty"`
	Node         *Node           `json:"node,omitempty"`
	Runtime      *Runtime        `json:"runtime,omitempty"`
	// ConfigMaps and Secrets exist from t=0; containers' env and envFrom
	// name them.
	ConfigMaps []ConfigObject `json:"configMaps,omitempty"`
	Secrets    []ConfigObject `json:"secrets,omitempty"`
	// Pods and the pods of create and update actions are decoded as Pod
	// manifests, with their own positions.
	Pods     []json.RawMessage `json:"pods,omitempty"`
	Timeline []Action          `json:"timeline,omitempty"`
	Until    string            `json:"until,omitempty"`
}

// Options are the model switches.
type Options struct {
	Jitter        bool         `json:"jitter,omitempty"`
	RandomSelect  bool         `json:"randomSelect,omitempty"`
	Seed          uint64       `json:"seed,omitempty"`
	SyncFrequency sim.Duration `json:"syncFrequency,omitempty"`
	// RequeueToBackoffExpiry is "auto" (by release), "on" or "off".
	RequeueToBackoffExpiry string `json:"requeueToBackoffExpiry,omitempty"`
}

// Node describes the node.
type Node struct {
	Name                      string            `json:"name,omitempty"`
	OS                        string            `json:"os,omitempty"`
	Labels                    map[string]string `json:"labels,omitempty"`
	Allocatable               map[string]string `json:"allocatable,omitempty"`
	Taints                    []Taint           `json:"taints,omitempty"`
	MaxContainerRestartPeriod sim.Duration      `json:"maxContainerRestartPeriod,omitempty"`
}

// Taint is a node taint.
type Taint = lifecycle.Taint

// Runtime scripts the fake CRI runtime.
type Runtime struct {
	Images       []fake.ImageScript     `json:"images,omitempty"`
	Containers   []fake.ContainerScript `json:"containers,omitempty"`
	Sandboxes    []fake.SandboxScript   `json:"sandboxes,omitempty"`
	RuntimeReady *Condition             `json:"runtimeReady,omitempty"`
	NetworkReady *Condition             `json:"networkReady,omitempty"`
	// PresentImages lists images already on the node (shorthand).
	PresentImages []string `json:"presentImages,omitempty"`
	// UnknownImages says what a pull of an image the runtime section does
	// not list does: "pull" (the default: any name exists, which a real
	// registry would not promise) or "missing" (it does not exist: the
	// pull fails NotFound, and the kubelet reports ErrImagePull, then
	// ImagePullBackOff, in the words of the release).
	UnknownImages string `json:"unknownImages,omitempty"`
}

// The values of Runtime.UnknownImages.
const (
	UnknownImagesPull    = "pull"
	UnknownImagesMissing = "missing"
)

// Condition is a runtime condition.
type Condition struct {
	Ready   bool   `json:"ready"`
	Reason  string `json:"reason,omitempty"`
	Message string `json:"message,omitempty"`
}

// ConfigObject is a ConfigMap or a Secret manifest; the kubelet reads only
// which keys it has.
type ConfigObject struct {
	APIVersion string `json:"apiVersion,omitempty"`
	Kind       string `json:"kind,omitempty"`
	Metadata   struct {
		Name      string            `json:"name"`
		Namespace string            `json:"namespace,omitempty"`
		Labels    map[string]string `json:"labels,omitempty"`
	} `json:"metadata"`
	Data       map[string]string `json:"data,omitempty"`
	BinaryData map[string]string `json:"binaryData,omitempty"`
	StringData map[string]string `json:"stringData,omitempty"`
	Type       string            `json:"type,omitempty"`
	Immutable  *bool             `json:"immutable,omitempty"`
}

// keys lists the object's keys in order.
func (o *ConfigObject) keys() []string {
	var out []string
	for _, m := range []map[string]string{o.Data, o.BinaryData, o.StringData} {
		for k := range m {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

// Action is one timeline entry; exactly one of the verbs is set.
type Action struct {
	At              string          `json:"at"`
	Create          json.RawMessage `json:"create,omitempty"`
	Update          json.RawMessage `json:"update,omitempty"`
	Delete          *Delete         `json:"delete,omitempty"`
	Fault           *Fault          `json:"fault,omitempty"`
	CreateConfigMap *ConfigObject   `json:"createConfigMap,omitempty"`
	CreateSecret    *ConfigObject   `json:"createSecret,omitempty"`
	DeleteConfigMap *ObjectRef      `json:"deleteConfigMap,omitempty"`
	DeleteSecret    *ObjectRef      `json:"deleteSecret,omitempty"`
}

// ObjectRef names an object.
type ObjectRef struct {
	Name      string `json:"name"`
	Namespace string `json:"namespace,omitempty"`
}

// Delete is kubectl delete.
type Delete struct {
	Name               string `json:"name"`
	Namespace          string `json:"namespace,omitempty"`
	GracePeriodSeconds *int64 `json:"gracePeriodSeconds,omitempty"`
	Force              bool   `json:"force,omitempty"`
}

// Fault changes the runtime during the run.
type Fault struct {
	// Image and Container replace or add a script, as in runtime:.
	Image         *fake.ImageScript     `json:"image,omitempty"`
	Container     *fake.ContainerScript `json:"container,omitempty"`
	RuntimeReady  *Condition            `json:"runtimeReady,omitempty"`
	NetworkReady  *Condition            `json:"networkReady,omitempty"`
	KillSandbox   *PodRef               `json:"killSandbox,omitempty"`
	ExitContainer *ExitContainer        `json:"exitContainer,omitempty"`
	// LoseContainer makes the runtime forget a container (its newest
	// instance), running or not.
	LoseContainer *ContainerRef `json:"loseContainer,omitempty"`
	InjectError   *InjectError  `json:"injectError,omitempty"`
}

// ContainerRef names a container of a pod.
type ContainerRef struct {
	Pod       string `json:"pod"`
	Namespace string `json:"namespace,omitempty"`
	Container string `json:"container"`
}

// PodRef names a pod.
type PodRef struct {
	Pod       string `json:"pod"`
	Namespace string `json:"namespace,omitempty"`
}

// ExitContainer makes a running container exit now.
type ExitContainer struct {
	Pod       string `json:"pod"`
	Namespace string `json:"namespace,omitempty"`
	Container string `json:"container"`
	ExitCode  int32  `json:"exitCode,omitempty"`
	OOMKilled bool   `json:"oomKilled,omitempty"`
}

// InjectError fails the next call of a CRI method.
type InjectError struct {
	Method  string `json:"method"`
	Code    string `json:"code,omitempty"`
	Message string `json:"message"`
}
