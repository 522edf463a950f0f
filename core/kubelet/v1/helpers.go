package v1

// FormatPod renders a pod the way the kubelet's format.Pod does:
// name_namespace(uid).
func FormatPod(p *Pod) string {
	return p.Metadata.Name + "_" + p.Metadata.Namespace + "(" + p.Metadata.UID + ")"
}

// ContainerFieldPath is the field path of a container in its pod, as
// events name it: spec.containers{app} or spec.initContainers{init}.
func ContainerFieldPath(p *Pod, name string) string {
	for i := range p.Spec.InitContainers {
		if p.Spec.InitContainers[i].Name == name {
			return "spec.initContainers{" + name + "}"
		}
	}
	return "spec.containers{" + name + "}"
}

// FullName is namespace/name.
func (p *Pod) FullName() string { return p.Metadata.Namespace + "/" + p.Metadata.Name }

// IsRestartableInitContainer reports whether c is a sidecar: an init
// container with restartPolicy Always.
func IsRestartableInitContainer(c *Container) bool {
	return c != nil && c.RestartPolicy != nil && *c.RestartPolicy == RestartPolicyAlways
}

// ContainerShouldRestart is upstream's answer, under ContainerRestartRules
// (pkg/api/v1/pod/util.go), to whether a container that exited with code
// should run again. A container with its own restartPolicy asks its rules
// first (the first that matches decides: Restart says yes, and so does
// RestartAllContainers when restartAll, the RestartAllContainersOnContainerExits
// gate, is on; otherwise the rule is passed over), then its policy; a
// container without one follows the pod's policy.
func ContainerShouldRestart(c *Container, spec *PodSpec, code int32, restartAll bool) bool {
	policy := spec.RestartPolicy
	if c.RestartPolicy != nil {
		if r := MatchRestartRule(c, code); r != nil {
			switch r.Action {
			case RestartRuleActionRestart:
				return true
			case RestartRuleActionRestartAll:
				if restartAll {
					return true
				}
			}
		}
		switch p := *c.RestartPolicy; p {
		case RestartPolicyAlways, RestartPolicyOnFailure, RestartPolicyNever:
			policy = p
		}
	}
	switch policy {
	case RestartPolicyNever:
		return false
	case RestartPolicyOnFailure:
		return code != 0
	}
	return true
}

// AllContainersCouldRestart reports whether any container of the pod, init
// or regular, has a rule whose action is RestartAllContainers: then every
// container may run again, whatever its own policy (AllContainersCouldRestart
// in pkg/api/v1/pod/util.go).
func AllContainersCouldRestart(spec *PodSpec) bool {
	for _, cs := range [][]Container{spec.InitContainers, spec.Containers} {
		for i := range cs {
			for _, r := range cs[i].RestartPolicyRules {
				if r.Action == RestartRuleActionRestartAll {
					return true
				}
			}
		}
	}
	return false
}

// MatchRestartRule returns the first of c's restart rules whose exit codes
// match code, or nil. A rule without exitCodes, or with an operator other
// than In and NotIn, never matches.
func MatchRestartRule(c *Container, code int32) *ContainerRestartRule {
	for i := range c.RestartPolicyRules {
		r := &c.RestartPolicyRules[i]
		if r.ExitCodes == nil {
			continue
		}
		in := false
		for _, v := range r.ExitCodes.Values {
			in = in || v == code
		}
		if (r.ExitCodes.Operator == RestartRuleOpIn && in) || (r.ExitCodes.Operator == RestartRuleOpNotIn && !in) {
			return r
		}
	}
	return nil
}

// IsContainerRestartable tells whether c may ever run again after it
// stopped, whatever the exit code (pkg/api/v1/pod/util.go): a rule that
// restarts, or a policy other than Never, its own before the pod's.
func IsContainerRestartable(c *Container, spec *PodSpec) bool {
	if c.RestartPolicy == nil {
		return spec.RestartPolicy != RestartPolicyNever
	}
	for _, r := range c.RestartPolicyRules {
		if r.Action == RestartRuleActionRestart {
			return true
		}
	}
	return *c.RestartPolicy != RestartPolicyNever
}

// HasRestartableInitContainer reports whether the pod has a sidecar.
func HasRestartableInitContainer(p *Pod) bool {
	for i := range p.Spec.InitContainers {
		if IsRestartableInitContainer(&p.Spec.InitContainers[i]) {
			return true
		}
	}
	return false
}

// GetContainerStatus finds the status of a container by name.
func GetContainerStatus(statuses []ContainerStatus, name string) (ContainerStatus, bool) {
	for _, s := range statuses {
		if s.Name == name {
			return s, true
		}
	}
	return ContainerStatus{}, false
}

// GetPodCondition returns the index and the condition of type t.
func GetPodCondition(conds []PodCondition, t string) (int, *PodCondition) {
	for i := range conds {
		if conds[i].Type == t {
			return i, &conds[i]
		}
	}
	return -1, nil
}

// IsPodPhaseTerminal reports whether phase is Succeeded or Failed.
func IsPodPhaseTerminal(phase string) bool { return phase == PodSucceeded || phase == PodFailed }

// DeepCopy returns a copy of the pod that shares nothing mutable.
func (p *Pod) DeepCopy() *Pod {
	if p == nil {
		return nil
	}
	out := *p
	out.Metadata.Labels = cloneMap(p.Metadata.Labels)
	out.Metadata.Annotations = cloneMap(p.Metadata.Annotations)
	out.Spec.InitContainers = append([]Container(nil), p.Spec.InitContainers...)
	out.Spec.Containers = append([]Container(nil), p.Spec.Containers...)
	out.Status = *p.Status.DeepCopy()
	return &out
}

// DeepCopy returns a copy of the status.
func (s *PodStatus) DeepCopy() *PodStatus {
	out := *s
	out.Conditions = append([]PodCondition(nil), s.Conditions...)
	out.PodIPs = append([]PodIP(nil), s.PodIPs...)
	out.HostIPs = append([]PodIP(nil), s.HostIPs...)
	out.InitContainerStatuses = copyStatuses(s.InitContainerStatuses)
	out.ContainerStatuses = copyStatuses(s.ContainerStatuses)
	return &out
}

func copyStatuses(in []ContainerStatus) []ContainerStatus {
	if in == nil {
		return nil
	}
	out := make([]ContainerStatus, len(in))
	for i, s := range in {
		out[i] = s
		out[i].State = s.State.deepCopy()
		out[i].LastTerminationState = s.LastTerminationState.deepCopy()
		if s.Started != nil {
			b := *s.Started
			out[i].Started = &b
		}
	}
	return out
}

func (s ContainerState) deepCopy() ContainerState {
	var out ContainerState
	if s.Waiting != nil {
		w := *s.Waiting
		out.Waiting = &w
	}
	if s.Running != nil {
		r := *s.Running
		out.Running = &r
	}
	if s.Terminated != nil {
		t := *s.Terminated
		out.Terminated = &t
	}
	return out
}

func cloneMap(m map[string]string) map[string]string {
	if m == nil {
		return nil
	}
	out := make(map[string]string, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// Requests returns the effective resource requests of the pod the way the
// scheduler's noderesources plugin computes them: the sum over regular
// containers and sidecars, or the largest init-container request if that is
// bigger, plus overhead. Values are millicores for cpu and integers
// otherwise.
func Requests(p *Pod) map[string]int64 {
	val := func(name string, q QuantityText) int64 {
		v, err := ParseQuantity(string(q))
		if err != nil {
			return 0
		}
		if name == "cpu" {
			return v.MilliValue()
		}
		return v.Value()
	}
	reqs := func(c *Container) map[string]int64 {
		out := map[string]int64{}
		if c.Resources == nil {
			return out
		}
		for k, q := range c.Resources.Requests {
			out[k] = val(k, q)
		}
		// A limit without a request defaults the request.
		for k, q := range c.Resources.Limits {
			if _, ok := c.Resources.Requests[k]; !ok {
				out[k] = val(k, q)
			}
		}
		return out
	}
	sum := map[string]int64{}
	for i := range p.Spec.Containers {
		for k, v := range reqs(&p.Spec.Containers[i]) {
			sum[k] += v
		}
	}
	sidecars := map[string]int64{}
	for i := range p.Spec.InitContainers {
		c := &p.Spec.InitContainers[i]
		r := reqs(c)
		if IsRestartableInitContainer(c) {
			for k, v := range r {
				sum[k] += v
				sidecars[k] += v
			}
			continue
		}
		for k, v := range r {
			if v+sidecars[k] > sum[k] {
				sum[k] = v + sidecars[k]
			}
		}
	}
	for k, q := range p.Spec.Overhead {
		sum[k] += val(k, q)
	}
	return sum
}

// QOSClass computes status.qosClass (v1qos.GetPodQOS) from cpu and memory
// requests and limits.
func QOSClass(p *Pod) string {
	isGuaranteed := true
	any := false
	n := len(p.Spec.InitContainers)
	for i := 0; i < n+len(p.Spec.Containers); i++ {
		var c *Container
		if i < n {
			c = &p.Spec.InitContainers[i]
		} else {
			c = &p.Spec.Containers[i-n]
		}
		var req, lim ResourceList
		if c.Resources != nil {
			req, lim = c.Resources.Requests, c.Resources.Limits
		}
		for _, r := range [2]string{"cpu", "memory"} {
			rq, hasReq := req[r]
			lq, hasLim := lim[r]
			if hasReq || hasLim {
				if q, err := ParseQuantity(string(rq)); (hasReq && err == nil && q.Sign() > 0) || hasLim {
					any = true
				}
			}
			if !hasLim {
				isGuaranteed = false
				continue
			}
			if hasReq && rq != lq {
				a, e1 := ParseQuantity(string(rq))
				b, e2 := ParseQuantity(string(lq))
				if e1 != nil || e2 != nil || a.Cmp(b) != 0 {
					isGuaranteed = false
				}
			}
		}
	}
	switch {
	case !any:
		return "BestEffort"
	case isGuaranteed:
		return "Guaranteed"
	default:
		return "Burstable"
	}
}
