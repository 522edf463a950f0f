// Package prober models pkg/kubelet/prober: one worker per container and
// probe type, probing on its period (and on manual triggers), gated by the
// initial delay and the startup probe, counting consecutive results against
// the success and failure thresholds, and publishing changes through three
// results managers (liveness, readiness, startup). It also fills the
// started and ready fields of container statuses.
//
// Exec probes run through the CRI's ExecSync; HTTP, TCP and gRPC probes ask
// a cri.Network, which the fake runtime implements from its scripted
// container health. Probes take no virtual time.
package prober

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/kubexplorer/kubexplorer/core/cri"
	"github.com/kubexplorer/kubexplorer/core/kubelet/events"
	"github.com/kubexplorer/kubexplorer/core/kubelet/release"
	v1 "github.com/kubexplorer/kubexplorer/core/kubelet/v1"
)

// ProbeType is liveness, readiness or startup.
type ProbeType int

// The probe types.
const (
	Liveness ProbeType = iota
	Readiness
	Startup
)

func (t ProbeType) String() string {
	return [...]string{"Liveness", "Readiness", "Startup"}[t]
}

// Lower is the lower-case name ("liveness").
func (t ProbeType) Lower() string {
	return [...]string{"liveness", "readiness", "startup"}[t]
}

// StatusProvider returns the pod status the status manager holds.
type StatusProvider interface {
	GetPodStatus(uid string) (*v1.PodStatus, bool)
}

// Scheduler runs fn after d on virtual time; the Timer cancels it.
// Reschedule does the same with a Timer it returned before, which has
// fired or was stopped, and may reuse it.
type Scheduler interface {
	Now() time.Time
	Schedule(d time.Duration, name string, fn func()) Timer
	Reschedule(t Timer, d time.Duration, name string, fn func()) Timer
}

// Timer is a scheduled call (a *sim.Timer); Stop cancels it if it is still
// pending.
type Timer interface{ Stop() bool }

type prober struct {
	runtime  cri.RuntimeService
	network  cri.Network
	recorder *events.Recorder
	msgs     events.Messages
	gates    Gates
	// typed holds base tagged with each probe type (cri.WithProbeType):
	// every exec probe needs one and the workers always pass the same base.
	base  context.Context
	typed [3]context.Context
}

// typedCtx is cri.WithProbeType(ctx, t.Lower()), made once per type.
func (pb *prober) typedCtx(ctx context.Context, t ProbeType) context.Context {
	if ctx != pb.base {
		pb.base, pb.typed = ctx, [3]context.Context{}
	}
	if pb.typed[t] == nil {
		pb.typed[t] = cri.WithProbeType(ctx, t.Lower())
	}
	return pb.typed[t]
}

func containerRef(pod *v1.Pod, c *v1.Container) events.ObjectRef {
	return events.ObjectRef{Kind: "Pod", Namespace: pod.Metadata.Namespace, Name: pod.Metadata.Name, UID: pod.Metadata.UID, FieldPath: v1.ContainerFieldPath(pod, c.Name)}
}

func portString(raw []byte) string { return strings.Trim(string(raw), `"`) }

// probe runs one probe and records Unhealthy events like prober.probe.
func (pb *prober) probe(ctx context.Context, t ProbeType, pod *v1.Pod, status *v1.PodStatus, c *v1.Container, containerID string) (Result, error) {
	var spec *v1.Probe
	switch t {
	case Liveness:
		spec = c.LivenessProbe
	case Readiness:
		spec = c.ReadinessProbe
	default:
		spec = c.StartupProbe
	}
	if spec == nil {
		return Success, nil
	}
	var result Result
	var output string
	var err error
	if spec.GRPC != nil && !pb.gates.GRPCContainerProbe {
		// With GRPCContainerProbe off (1.23, alpha) the API server keeps
		// the probe but the kubelet has no handler for it.
		err = fmt.Errorf("missing probe handler for %s:%s", v1.FormatPod(pod), c.Name)
	} else {
		result, output, err = pb.run(ctx, t, spec, status, containerID)
	}
	if err != nil {
		pb.recorder.Event(containerRef(pod, c), events.Warning, events.ContainerUnhealthy, pb.msgs.ProbeErrored(t.String(), probeUnknown, err))
		return Failure, err
	}
	if result != Success {
		pb.recorder.Eventf(containerRef(pod, c), events.Warning, events.ContainerUnhealthy, "%s probe failed: %s", t, output)
		return Failure, nil
	}
	return Success, nil
}

func (pb *prober) run(ctx context.Context, t ProbeType, spec *v1.Probe, status *v1.PodStatus, containerID string) (Result, string, error) {
	id := strings.TrimPrefix(containerID, "containerd://")
	timeout := time.Duration(spec.TimeoutSeconds) * time.Second
	switch {
	case spec.Exec != nil:
		resp, err := pb.runtime.ExecSync(pb.typedCtx(ctx, t), id, spec.Exec.Command, timeout)
		if err != nil {
			if cri.CodeOf(err) == cri.DeadlineExceeded {
				return pb.execTimedOut(spec.Exec.Command, timeout, err)
			}
			return Unknown, "", err
		}
		out := string(resp.Stdout) + string(resp.Stderr)
		if resp.ExitCode != 0 {
			return Failure, out, nil
		}
		return Success, out, nil
	case pb.network != nil:
		healthy, out, err := pb.network.Probe(ctx, id, t.Lower())
		if out == "" {
			switch {
			case spec.HTTPGet != nil:
				out = "HTTP probe failed with statuscode: 500"
			case spec.TCPSocket != nil:
				out = fmt.Sprintf("dial tcp %s:%s: connect: connection refused", status.PodIP, portString(spec.TCPSocket.Port))
			case spec.GRPC != nil:
				out = `service unhealthy (responded with "NOT_SERVING")`
			}
		}
		if err != nil {
			if spec.HTTPGet != nil {
				return Failure, fmt.Sprintf("Get \"http://%s:%s%s\": %v", status.PodIP, portString(spec.HTTPGet.Port), spec.HTTPGet.Path, err), nil
			}
			return Failure, err.Error(), nil
		}
		if !healthy {
			return Failure, out, nil
		}
		return Success, "", nil
	}
	return Success, "", nil
}

// execTimedOut is the result of an exec probe whose command outlived its
// timeoutSeconds (the runtime answered DeadlineExceeded). Up to 1.19 the
// kubelet passes the runtime's error on, so the probe errors and the
// worker drops the result. From 1.20 the remote runtime client turns it
// into a timeout error (its text changed when the client moved to
// k8s.io/cri-client in 1.31), which fails the probe while the
// ExecProbeTimeout gate is on; 1.20–1.22 report the command's output,
// which is empty, and 1.23 on the timeout's text.
func (pb *prober) execTimedOut(cmd []string, timeout time.Duration, runtimeErr error) (Result, string, error) {
	rel := pb.msgs.Rel
	if !rel.Has(release.ExecProbeTimeout) {
		return Unknown, "", runtimeErr
	}
	var timedOut error
	if rel.Has(release.ExecProbeTimeoutCRIClient) {
		timedOut = fmt.Errorf("command timed out: %q timed out after %s", strings.Join(cmd, " "), timeout)
	} else {
		timedOut = fmt.Errorf("command %q timed out", strings.Join(cmd, " "))
	}
	switch {
	case !pb.gates.ExecProbeTimeout:
		return Unknown, "", timedOut
	case !rel.Has(release.ExecProbeTimeoutOutput):
		return Failure, "", nil
	}
	return Failure, timedOut.Error(), nil
}
