// Package v1beta1 models kubefed's core.kubefed.io/v1beta1 API: the
// FederatedTypeConfig (FTC) that tells the control plane which target type to
// federate, the KubeFedCluster that registers a member cluster, and the
// KubeFedConfig that configures the controller manager.
//
// The types are slim local copies with Kubernetes JSON field names; the
// helpers and SetFederatedTypeConfigDefaults behave as upstream's do in
// pkg/apis/core/v1beta1 at v0.10.0.
package v1beta1

// Group and version of the kubefed core API.
const (
	Group      = "core.kubefed.io"
	Version    = "v1beta1"
	APIVersion = Group + "/" + Version

	// DefaultKubeFedNamespace is the system namespace the chart installs into.
	DefaultKubeFedNamespace = "kube-federation-system"

	// FTCFinalizer is the finalizer the FTC controller adds to every FTC it
	// manages (pkg/controller/federatedtypeconfig).
	FTCFinalizer = "core.kubefed.io/federated-type-config"

	// NamespaceName is the name of the FTC for namespaces. The controller
	// recognises it by name, not by kind.
	NamespaceName = "namespaces"
)

// PropagationMode is spec.propagation.
type PropagationMode string

const (
	PropagationEnabled  PropagationMode = "Enabled"
	PropagationDisabled PropagationMode = "Disabled"
)

// StatusCollectionMode is spec.statusCollection.
type StatusCollectionMode string

const (
	StatusCollectionEnabled  StatusCollectionMode = "Enabled"
	StatusCollectionDisabled StatusCollectionMode = "Disabled"
)

// ControllerStatus is the value of status.propagationController and
// status.statusController.
type ControllerStatus string

const (
	ControllerStatusRunning    ControllerStatus = "Running"
	ControllerStatusNotRunning ControllerStatus = "NotRunning"
)

// ResourceScope is Cluster or Namespaced.
type ResourceScope string

const (
	ClusterScoped   ResourceScope = "Cluster"
	NamespaceScoped ResourceScope = "Namespaced"
)

// APIResource names a Kubernetes API type.
type APIResource struct {
	Group      string        `json:"group,omitempty"`
	Version    string        `json:"version"`
	Kind       string        `json:"kind"`
	PluralName string        `json:"pluralName"`
	Scope      ResourceScope `json:"scope"`
}

// FederatedTypeConfigSpec is the FTC's desired state.
type FederatedTypeConfigSpec struct {
	TargetType       APIResource           `json:"targetType"`
	Propagation      PropagationMode       `json:"propagation"`
	FederatedType    APIResource           `json:"federatedType"`
	StatusType       *APIResource          `json:"statusType,omitempty"`
	StatusCollection *StatusCollectionMode `json:"statusCollection,omitempty"`
}

// FederatedTypeConfigStatus is written by the FTC controller only.
type FederatedTypeConfigStatus struct {
	ObservedGeneration    int64             `json:"observedGeneration"`
	PropagationController ControllerStatus  `json:"propagationController"`
	StatusController      *ControllerStatus `json:"statusController,omitempty"`
}

// ObjectMeta is the subset of metav1.ObjectMeta the model uses.
type ObjectMeta struct {
	Name              string            `json:"name,omitempty"`
	Namespace         string            `json:"namespace,omitempty"`
	UID               string            `json:"uid,omitempty"`
	ResourceVersion   string            `json:"resourceVersion,omitempty"`
	Generation        int64             `json:"generation,omitempty"`
	CreationTimestamp string            `json:"creationTimestamp,omitempty"`
	DeletionTimestamp string            `json:"deletionTimestamp,omitempty"`
	Labels            map[string]string `json:"labels,omitempty"`
	Annotations       map[string]string `json:"annotations,omitempty"`
	Finalizers        []string          `json:"finalizers,omitempty"`
}

// FederatedTypeConfig is core.kubefed.io/v1beta1 FederatedTypeConfig.
type FederatedTypeConfig struct {
	APIVersion string                     `json:"apiVersion,omitempty"`
	Kind       string                     `json:"kind,omitempty"`
	Metadata   ObjectMeta                 `json:"metadata"`
	Spec       FederatedTypeConfigSpec    `json:"spec"`
	Status     *FederatedTypeConfigStatus `json:"status,omitempty"`
}

// ClusterCondition is one entry of a KubeFedCluster's status.conditions.
type ClusterCondition struct {
	Type               string `json:"type"`
	Status             string `json:"status"`
	LastProbeTime      string `json:"lastProbeTime,omitempty"`
	LastTransitionTime string `json:"lastTransitionTime,omitempty"`
	Reason             string `json:"reason,omitempty"`
	Message            string `json:"message,omitempty"`
}
