package cri

import (
	"context"
	"time"
)

// RuntimeService is the subset of the CRI v1 RuntimeService that the kubelet
// paths of this model call. Method names and arguments follow
// k8s.io/cri-api/pkg/apis/services.go.
type RuntimeService interface {
	Version(ctx context.Context, apiVersion string) (*VersionResponse, error)

	RunPodSandbox(ctx context.Context, config *PodSandboxConfig, runtimeHandler string) (string, error)
	StopPodSandbox(ctx context.Context, podSandboxID string) error
	RemovePodSandbox(ctx context.Context, podSandboxID string) error
	PodSandboxStatus(ctx context.Context, podSandboxID string) (*PodSandboxStatus, error)
	ListPodSandbox(ctx context.Context, filter *PodSandboxFilter) ([]*PodSandbox, error)

	CreateContainer(ctx context.Context, podSandboxID string, config *ContainerConfig, sandboxConfig *PodSandboxConfig) (string, error)
	StartContainer(ctx context.Context, containerID string) error
	// StopContainer sends the stop signal and waits up to timeout seconds
	// before killing; it is idempotent.
	StopContainer(ctx context.Context, containerID string, timeout int64) error
	RemoveContainer(ctx context.Context, containerID string) error
	ListContainers(ctx context.Context, filter *ContainerFilter) ([]*Container, error)
	ContainerStatus(ctx context.Context, containerID string) (*ContainerStatus, error)
	ExecSync(ctx context.Context, containerID string, cmd []string, timeout time.Duration) (*ExecSyncResponse, error)

	Status(ctx context.Context) (*RuntimeStatus, error)
}

// SharedStatusService is implemented by a runtime that can answer the two
// status calls without copies: the answer, and the labels and annotations
// in it, may be handed to other callers too, and the runtime never changes
// them (a later change of the sandbox or container makes a new answer). A
// caller must not modify an answer; it may keep it. The plain methods answer with copies, as
// a real runtime's answers decoded from gRPC are; the kubelet reads the
// status of every pod that changed on every relist, and copies are most of
// what that costs a simulated runtime.
type SharedStatusService interface {
	// PodSandboxStatusShared is PodSandboxStatus, the call logged the same.
	PodSandboxStatusShared(ctx context.Context, podSandboxID string) (*PodSandboxStatus, error)
	// ContainerStatusShared is ContainerStatus, the call logged the same.
	ContainerStatusShared(ctx context.Context, containerID string) (*ContainerStatus, error)
}

// ImageService is the subset of the CRI v1 ImageService the kubelet uses.
type ImageService interface {
	ListImages(ctx context.Context) ([]*Image, error)
	// ImageStatus returns nil and no error when the image is absent.
	ImageStatus(ctx context.Context, image *ImageSpec) (*Image, error)
	// PullImage returns the image reference (the image id).
	PullImage(ctx context.Context, image *ImageSpec, auth *AuthConfig, sandboxConfig *PodSandboxConfig) (string, error)
	RemoveImage(ctx context.Context, image *ImageSpec) error
}

// Runtime is a container runtime as the kubelet sees it: both CRI services
// behind one endpoint (containerd and CRI-O serve both on one socket).
type Runtime interface {
	RuntimeService
	ImageService
}

// Network stands for what the kubelet reaches over the pod network rather
// than through the CRI: the endpoints of a container's HTTP, TCP and gRPC
// probes and of its HTTP lifecycle hooks. A simulated runtime, which also
// plays the containers' processes, answers for them.
type Network interface {
	// Probe answers a network probe of a container, probeType being
	// liveness, readiness, startup or hook: whether the endpoint is healthy,
	// what it answered, or the error of a connection that failed.
	Probe(ctx context.Context, containerID, probeType string) (healthy bool, output string, err error)
}

// Kubelet-owned labels and annotations a runtime stores and returns verbatim.
const (
	LabelPodName       = "io.kubernetes.pod.name"
	LabelPodNamespace  = "io.kubernetes.pod.namespace"
	LabelPodUID        = "io.kubernetes.pod.uid"
	LabelContainerName = "io.kubernetes.container.name"

	AnnotationContainerHash         = "io.kubernetes.container.hash"
	AnnotationRestartCount          = "io.kubernetes.container.restartCount"
	AnnotationTerminationMessage    = "io.kubernetes.container.terminationMessagePath"
	AnnotationPodTerminationGrace   = "io.kubernetes.pod.terminationGracePeriod"
	AnnotationContainerPreStop      = "io.kubernetes.container.preStopHandler"
	AnnotationContainerRestartable  = "io.kubernetes.container.restartable"
	AnnotationContainerInitializing = "io.kubernetes.container.init"
)
