package v1

import "testing"

func TestFormatPodAndFieldPath(t *testing.T) {
	p := &Pod{Metadata: ObjectMeta{Name: "web", Namespace: "default", UID: "u1"},
		Spec: PodSpec{InitContainers: []Container{{Name: "init"}}, Containers: []Container{{Name: "app"}}}}
	if got := FormatPod(p); got != "web_default(u1)" {
		t.Errorf("FormatPod %q", got)
	}
	if got := ContainerFieldPath(p, "init"); got != "spec.initContainers{init}" {
		t.Errorf("init container: %q", got)
	}
	if got := ContainerFieldPath(p, "app"); got != "spec.containers{app}" {
		t.Errorf("container: %q", got)
	}
}

// TestRestartRules: the first rule whose exit codes match decides; a rule
// without exit codes or with another operator never matches; only Restart
// restarts, else the container's policy, else the pod's.
func TestRestartRules(t *testing.T) {
	never, onFailure := RestartPolicyNever, RestartPolicyOnFailure
	r := func(action, op string, codes ...int32) ContainerRestartRule {
		return ContainerRestartRule{Action: action, ExitCodes: &ContainerRestartRuleOnExitCodes{Operator: op, Values: codes}}
	}
	c := &Container{Name: "a", RestartPolicy: &never, RestartPolicyRules: []ContainerRestartRule{
		{Action: RestartRuleActionRestart}, r(RestartRuleActionRestart, "Is", 1), r("Other", "In", 2), r(RestartRuleActionRestart, "NotIn", 0, 2)}}
	spec := &PodSpec{RestartPolicy: RestartPolicyAlways}
	for code, want := range map[int32]bool{0: false, 1: true, 2: false, 3: true} {
		if got := ContainerShouldRestart(c, spec, code, false); got != want {
			t.Errorf("exit %d: %v, want %v", code, got, want)
		}
	}
	// RestartAllContainers restarts only with its gate on; off, the rule
	// is passed over for the container's policy.
	all := &Container{Name: "a", RestartPolicy: &never, RestartPolicyRules: []ContainerRestartRule{r(RestartRuleActionRestartAll, "In", 42)}}
	if !ContainerShouldRestart(all, spec, 42, true) || ContainerShouldRestart(all, spec, 42, false) || ContainerShouldRestart(all, spec, 1, true) {
		t.Error("RestartAllContainers")
	}
	if !AllContainersCouldRestart(&PodSpec{InitContainers: []Container{*all}}) || !AllContainersCouldRestart(&PodSpec{Containers: []Container{*c, *all}}) ||
		AllContainersCouldRestart(&PodSpec{Containers: []Container{*c}}) {
		t.Error("AllContainersCouldRestart")
	}
	if m := MatchRestartRule(c, 2); m == nil || m.Action != "Other" {
		t.Errorf("exit 2 matched %+v, want the third rule", m)
	}
	if !IsContainerRestartable(c, spec) || IsContainerRestartable(&Container{RestartPolicy: &never}, spec) ||
		!IsContainerRestartable(&Container{RestartPolicy: &onFailure}, &PodSpec{RestartPolicy: never}) ||
		IsContainerRestartable(&Container{}, &PodSpec{RestartPolicy: never}) {
		t.Error("IsContainerRestartable")
	}
}
