package scenario

import (
	"fmt"
	"time"

	"github.com/kubexplorer/kubexplorer/core/cri"
	"github.com/kubexplorer/kubexplorer/core/cri/fake"
	"github.com/kubexplorer/kubexplorer/core/kubelet"
	kubecontainer "github.com/kubexplorer/kubexplorer/core/kubelet/container"
	"github.com/kubexplorer/kubexplorer/core/sim"
)

// Sim is a scenario being played: a virtual clock, the fake runtime on it
// and a kubelet over that runtime. Nothing happens until the caller
// advances it (Step, RunUntil); Apply acts on it between advances.
type Sim struct {
	Clock   *sim.Clock
	Runtime *fake.Runtime
	Kubelet *kubelet.Kubelet
}

// Build creates the simulation of a scenario at sim.Epoch: it starts the
// kubelet, creates the scenario's ConfigMaps, Secrets and pods at t=0 and
// schedules the timeline. Nothing runs until the caller advances it.
func (sc *Scenario) Build() (*Sim, error) {
	clock := sim.NewClock(sim.Epoch)
	rt := fake.New(clock)
	applyRuntime(rt, sc.Runtime)
	k, err := kubelet.New(kubelet.Config{Release: sc.Release, Gates: sc.Gates, Node: sc.node, Clock: clock, Runtime: rt, Network: rt, Options: sc.opts})
	if err != nil {
		return nil, err
	}
	s := &Sim{Clock: clock, Runtime: rt, Kubelet: k}
	k.Start()
	for i := range sc.ConfigMaps {
		s.applyConfigObject("createConfigMap", &sc.ConfigMaps[i])
	}
	for i := range sc.Secrets {
		s.applyConfigObject("createSecret", &sc.Secrets[i])
	}
	for _, p := range sc.Pods {
		if _, err := k.CreatePod(p); err != nil {
			return nil, err
		}
	}
	for _, st := range sc.Timeline {
		k.At(sim.Epoch.Add(st.At), "timeline "+st.Verb, func() {
			if err := s.Apply(st); err != nil {
				k.Note("timeline", fmt.Sprintf("line %d: %s failed: %v", st.Line, st.Verb, err))
			}
		})
	}
	return s, nil
}

// Step advances to the next instant with work and does all of it. It
// returns false when nothing is scheduled.
func (s *Sim) Step() bool {
	next, ok := s.Clock.Next()
	if !ok {
		return false
	}
	s.Clock.RunUntil(next, 0)
	return true
}

// RunUntil does everything due up to and including t, and moves the clock
// to t.
func (s *Sim) RunUntil(t time.Time) { s.Clock.RunUntil(t, 0) }

// Apply performs one timeline action now.
func (s *Sim) Apply(st Step) error {
	k := s.Kubelet
	switch st.Verb {
	case "create":
		_, err := k.CreatePod(st.Pod)
		return err
	case "update":
		return k.UpdatePod(st.Pod)
	case "delete":
		return k.DeletePod(nsOr(st.Delete.Namespace), st.Delete.Name, st.Delete.GracePeriodSeconds, st.Delete.Force)
	case "fault":
		return s.applyFault(st.Fault)
	case "createConfigMap", "createSecret":
		s.applyConfigObject(st.Verb, st.Object)
		return nil
	case "deleteConfigMap":
		return k.DeleteConfigMap(nsOr(st.Ref.Namespace), st.Ref.Name)
	case "deleteSecret":
		return k.DeleteSecret(nsOr(st.Ref.Namespace), st.Ref.Name)
	}
	return fmt.Errorf("unknown action %q", st.Verb)
}

func (s *Sim) applyConfigObject(verb string, o *ConfigObject) {
	if verb == "createSecret" {
		s.Kubelet.SetSecret(nsOr(o.Metadata.Namespace), o.Metadata.Name, o.keys())
		return
	}
	s.Kubelet.SetConfigMap(nsOr(o.Metadata.Namespace), o.Metadata.Name, o.keys())
}

// applyRuntime scripts the runtime before the run.
func applyRuntime(rt *fake.Runtime, r *Runtime) {
	if r == nil {
		return
	}
	rt.SetUnknownImagesMissing(r.UnknownImages == UnknownImagesMissing)
	for _, im := range r.PresentImages {
		rt.SetImage(fake.ImageScript{Image: im, Present: true})
	}
	for _, im := range r.Images {
		rt.SetImage(im)
	}
	for _, c := range r.Containers {
		rt.AddContainerScript(c)
	}
	for _, sb := range r.Sandboxes {
		rt.AddSandboxScript(sb)
	}
	if c := r.RuntimeReady; c != nil {
		rt.SetRuntimeReady(c.Ready, c.Reason, c.Message)
	}
	if c := r.NetworkReady; c != nil {
		rt.SetNetworkReady(c.Ready, c.Reason, c.Message)
	}
}

// applyFault changes the runtime now. The faults that name a pod find its
// sandboxes and containers as the kubelet reads them (calls that the
// runtime's log shows, by "fault"), and the kubelet's log notes what
// happened.
func (s *Sim) applyFault(f *Fault) error {
	k, rt := s.Kubelet, s.Runtime
	switch {
	case f.Image != nil:
		rt.SetImage(*f.Image)
	case f.Container != nil:
		rt.AddContainerScript(*f.Container)
	case f.RuntimeReady != nil:
		rt.SetRuntimeReady(f.RuntimeReady.Ready, f.RuntimeReady.Reason, f.RuntimeReady.Message)
	case f.NetworkReady != nil:
		rt.SetNetworkReady(f.NetworkReady.Ready, f.NetworkReady.Reason, f.NetworkReady.Message)
	case f.KillSandbox != nil:
		ns, name := nsOr(f.KillSandbox.Namespace), f.KillSandbox.Pod
		st, _ := k.RuntimeStatus("fault", ns, name)
		if st != nil {
			for _, sb := range st.SandboxStatuses {
				if sb.State == cri.SandboxReady && rt.KillSandbox(sb.ID) {
					k.Note("fault", "sandbox of "+ns+"/"+name+" died")
					return nil
				}
			}
		}
		return fmt.Errorf("pod %s has no ready sandbox", name)
	case f.ExitContainer != nil:
		e := f.ExitContainer
		ns := nsOr(e.Namespace)
		st, _ := k.RuntimeStatus("fault", ns, e.Pod)
		if st != nil {
			for _, c := range st.ContainerStatuses {
				if c.Name == e.Container && c.State == kubecontainer.StateRunning && rt.ExitContainer(c.ID, e.ExitCode, e.OOMKilled) {
					k.Note("fault", fmt.Sprintf("container %s of %s/%s exited with %d", e.Container, ns, e.Pod, e.ExitCode))
					return nil
				}
			}
		}
		return fmt.Errorf("container %s of pod %s is not running", e.Container, e.Pod)
	case f.LoseContainer != nil:
		e := f.LoseContainer
		ns := nsOr(e.Namespace)
		st, _ := k.RuntimeStatus("fault", ns, e.Pod)
		if st != nil {
			if c := st.FindContainerStatusByName(e.Container); c != nil && rt.LoseContainer(c.ID) {
				k.Note("fault", fmt.Sprintf("the runtime lost container %s of %s/%s", e.Container, ns, e.Pod))
				return nil
			}
		}
		return fmt.Errorf("pod %s has no container %s in the runtime", e.Pod, e.Container)
	case f.InjectError != nil:
		code := cri.Unknown
		if f.InjectError.Code != "" {
			code, _ = cri.ParseCode(f.InjectError.Code)
		}
		rt.InjectError(f.InjectError.Method, cri.Errorf(code, "%s", f.InjectError.Message))
	}
	return nil
}

func nsOr(ns string) string {
	if ns == "" {
		return "default"
	}
	return ns
}
