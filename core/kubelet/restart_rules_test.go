package kubelet

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kubexplorer/kubexplorer/core/kubelet/features"
	"github.com/kubexplorer/kubexplorer/core/kubelet/release"
	v1 "github.com/kubexplorer/kubexplorer/core/kubelet/v1"
)

// TestRestartRulesValidation: the API server of each release, with the
// ContainerRestartRules gate as given (nil: the release's default), on a
// pod with the container-level restart fields. want is the errors, or
// what decoding kept of the first container's policy and rules.
func TestRestartRulesValidation(t *testing.T) {
	const (
		regular     = "  containers: [{name: a, image: x, restartPolicy: Never, restartPolicyRules: [{action: Restart, exitCodes: {operator: In, values: [42]}}]}]\n"
		noPolicy    = "  containers: [{name: a, image: x, restartPolicyRules: [{action: Restart, exitCodes: {operator: In, values: [42]}}]}]\n"
		policy      = "  containers: [{name: a, image: x, restartPolicy: OnFailure}]\n"
		badRule     = "  containers: [{name: a, image: x, restartPolicy: Sometimes, restartPolicyRules: [{action: Retry, exitCodes: {operator: Is, values: [1]}}, {action: Restart}]}]\n"
		initRule    = "  initContainers: [{name: i, image: x, restartPolicyRules: [{action: Restart, exitCodes: {operator: In, values: [1]}}]}]\n  containers: [{name: a, image: x}]\n"
		initNever   = "  initContainers: [{name: i, image: x, restartPolicy: Never}]\n  containers: [{name: a, image: x}]\n"
		sidecarRule = "  initContainers: [{name: i, image: x, restartPolicy: Always, restartPolicyRules: [{action: Restart, exitCodes: {operator: In, values: [1]}}]}]\n  containers: [{name: a, image: x}]\n"
		restartAll  = "  containers: [{name: a, image: x, restartPolicy: Never, restartPolicyRules: [{action: RestartAllContainers, exitCodes: {operator: In, values: [1]}}]}]\n"
	)
	on, off := true, false
	for _, tc := range []struct {
		minor int
		gate  *bool
		spec  string
		want  string
	}{
		{27, nil, policy, `spec.containers[0].restartPolicy: unknown field "restartPolicy"`},
		{33, nil, policy, "spec.containers[0].restartPolicy: Forbidden: may not be set for non-init containers"},
		{33, nil, noPolicy, `spec.containers[0].restartPolicyRules: unknown field "restartPolicyRules"`},
		{33, nil, initRule, `spec.initContainers[0].restartPolicyRules: unknown field "restartPolicyRules"`},
		{33, nil, initNever, `spec.initContainers[0].restartPolicy: Unsupported value: "Never": supported values: "Always"`},
		// 1.34, the gate off (its default): the API server drops the fields.
		{34, nil, regular, "kept <nil> 0"},
		{34, &off, initNever, "init kept <nil> 0"},
		{34, nil, sidecarRule, "init kept Always 0"},
		{35, &off, regular, "kept <nil> 0"},
		// The gate on.
		{34, &on, regular, "kept Never 1"},
		{34, &on, policy, "kept OnFailure 0"},
		{34, &on, initNever, "init kept Never 0"},
		{34, &on, noPolicy, "spec.containers[0].restartPolicy: Required value: must specify restartPolicy when restart rules are used"},
		{34, &on, initRule, "init kept <nil> 1"},
		{35, nil, initRule, "spec.initContainers[0].restartPolicy: Required value: must specify restartPolicy when restart rules are used"},
		{34, &on, sidecarRule, "spec.initContainers[0].restartPolicyRules: Forbidden: restartPolicyRules are not allowed for init containers with restart policy Always"},
		{35, nil, sidecarRule, "spec.initContainers[0].restartPolicyRules: Forbidden: restartPolicyRules are not allowed for init containers with restart policy Always"},
		{34, &on, badRule, `spec.containers[0].restartPolicy: Unsupported value: "Sometimes": supported values: "Always", "Never", "OnFailure"` +
			`|spec.containers[0].restartPolicyRules[0].action: Unsupported value: "Retry": supported values: "Restart"` +
			`|spec.containers[0].restartPolicyRules[0].exitCodes.operator: Unsupported value: "Is": supported values: "In", "NotIn"` +
			`|spec.containers[0].restartPolicyRules[1].exitCodes: Required value: must be specified`},
		{35, nil, restartAll, `spec.containers[0].restartPolicyRules[0].action: Unsupported value: "RestartAllContainers": supported values: "Restart"`},
		{36, nil, restartAll, "kept Never 1"},
		// RestartAllContainersOnContainerExits (on from 1.36) lets a sidecar have rules.
		{36, nil, sidecarRule, "init kept Always 1"},
		{37, nil, regular, "kept Never 1"},
	} {
		name := fmt.Sprintf("1.%d/%v/%s", tc.minor, tc.gate, tc.spec)
		t.Run(name, func(t *testing.T) {
			over := map[string]bool{}
			if tc.gate != nil {
				over[features.ContainerRestartRules] = *tc.gate
			}
			rel := fmt.Sprintf("1.%d", tc.minor)
			g, err := features.ForRelease(rel, over)
			require.NoError(t, err)
			p, err := v1.DecodePod([]byte("metadata: {name: web}\nspec:\n"+tc.spec), v1.DecodeOptions{ValidateOptions: APIValidateOptions(release.Of(tc.minor), g)})
			if !strings.Contains(tc.want, "kept") {
				require.Error(t, err)
				var got []string
				for _, l := range strings.Split(err.Error(), "\n") {
					_, msg, _ := strings.Cut(l, ": ")
					got = append(got, msg)
				}
				require.Equal(t, tc.want, strings.Join(got, "|"))
				return
			}
			require.NoError(t, err)
			c, prefix := p.Spec.Containers[0], ""
			if len(p.Spec.InitContainers) > 0 {
				c, prefix = p.Spec.InitContainers[0], "init "
			}
			pol := "<nil>"
			if c.RestartPolicy != nil {
				pol = *c.RestartPolicy
			}
			require.Equal(t, tc.want, fmt.Sprintf("%skept %s %d", prefix, pol, len(c.RestartPolicyRules)))
		})
	}
}

// TestRestartRulesTooMany: the count of rules and of exit codes, "Too
// long" up to 1.35, "Too many" from 1.36.
func TestRestartRulesTooMany(t *testing.T) {
	codes := make([]string, 256)
	for i := range codes {
		codes[i] = fmt.Sprint(i)
	}
	rule := "{action: Restart, exitCodes: {operator: In, values: [" + strings.Join(codes, ",") + "]}}"
	rules := strings.TrimSuffix(strings.Repeat(rule+",", 21), ",")
	spec := "metadata: {name: web}\nspec:\n  containers: [{name: a, image: x, restartPolicy: Never, restartPolicyRules: [" + rules + "]}]\n"
	for minor, want := range map[int][2]string{
		35: {"Too long: may not be more than 20 bytes", "Too long: may not be more than 255 bytes"},
		36: {"Too many: 21: must have at most 20 items", "Too many: 256: must have at most 255 items"},
	} {
		g, err := features.ForRelease(fmt.Sprintf("1.%d", minor), nil)
		require.NoError(t, err)
		_, err = v1.DecodePod([]byte(spec), v1.DecodeOptions{ValidateOptions: APIValidateOptions(release.Of(minor), g)})
		require.Error(t, err)
		lines := strings.Split(err.Error(), "\n")
		require.Len(t, lines, 22)
		require.True(t, strings.HasSuffix(lines[0], "spec.containers[0].restartPolicyRules: "+want[0]), lines[0])
		require.True(t, strings.HasSuffix(lines[21], "spec.containers[0].restartPolicyRules[20].exitCodes.values: "+want[1]), lines[21])
	}
}

// TestGetPhaseRestartRules: with ContainerRestartRules a stopped container
// counts as restarting only if its own policy and rules (else the pod's)
// restart it after its exit code; an init container that failed for good
// fails the pod whatever the pod's policy.
func TestGetPhaseRestartRules(t *testing.T) {
	ptr := func(s string) *string { return &s }
	rule := func(op string, codes ...int32) []v1.ContainerRestartRule {
		return []v1.ContainerRestartRule{{Action: v1.RestartRuleActionRestart, ExitCodes: &v1.ContainerRestartRuleOnExitCodes{Operator: op, Values: codes}}}
	}
	term := func(name string, code int32) v1.ContainerStatus {
		return v1.ContainerStatus{Name: name, State: v1.ContainerState{Terminated: &v1.ContainerStateTerminated{ExitCode: code}}}
	}
	backOff := func(name string, code int32) v1.ContainerStatus {
		return v1.ContainerStatus{Name: name, State: v1.ContainerState{Waiting: &v1.ContainerStateWaiting{Reason: "CrashLoopBackOff"}},
			LastTerminationState: v1.ContainerState{Terminated: &v1.ContainerStateTerminated{ExitCode: code}}}
	}
	running := func(name string) v1.ContainerStatus {
		return v1.ContainerStatus{Name: name, State: v1.ContainerState{Running: &v1.ContainerStateRunning{}}}
	}
	for _, tc := range []struct {
		name   string
		policy string
		init   []v1.Container
		cs     []v1.Container
		info   []v1.ContainerStatus
		rules  bool
		want   string
	}{
		{"Never pod, rule matches: still Running", v1.RestartPolicyNever, nil,
			[]v1.Container{{Name: "a", RestartPolicy: ptr("Never"), RestartPolicyRules: rule("In", 42)}},
			[]v1.ContainerStatus{term("a", 42)}, true, v1.PodRunning},
		{"Never pod, rule matches, gate off: Failed", v1.RestartPolicyNever, nil,
			[]v1.Container{{Name: "a", RestartPolicy: ptr("Never"), RestartPolicyRules: rule("In", 42)}},
			[]v1.ContainerStatus{term("a", 42)}, false, v1.PodFailed},
		{"Never pod, rule misses: Failed", v1.RestartPolicyNever, nil,
			[]v1.Container{{Name: "a", RestartPolicy: ptr("Never"), RestartPolicyRules: rule("In", 42)}},
			[]v1.ContainerStatus{term("a", 1)}, true, v1.PodFailed},
		{"Always pod, own Never, exited 0: Succeeded", v1.RestartPolicyAlways, nil,
			[]v1.Container{{Name: "a", RestartPolicy: ptr("Never")}},
			[]v1.ContainerStatus{term("a", 0)}, true, v1.PodSucceeded},
		{"Always pod, gate off: Running", v1.RestartPolicyAlways, nil,
			[]v1.Container{{Name: "a", RestartPolicy: ptr("Never")}},
			[]v1.ContainerStatus{term("a", 0)}, false, v1.PodRunning},
		{"one restarting, one done: Running", v1.RestartPolicyNever, nil,
			[]v1.Container{{Name: "a"}, {Name: "b", RestartPolicy: ptr("OnFailure")}},
			[]v1.ContainerStatus{term("a", 0), backOff("b", 2)}, true, v1.PodRunning},
		{"OnFailure pod, own Never failed: Failed", v1.RestartPolicyOnFailure, nil,
			[]v1.Container{{Name: "a", RestartPolicy: ptr("Never")}},
			[]v1.ContainerStatus{term("a", 1)}, true, v1.PodFailed},
		{"init own OnFailure failed in a Never pod: Pending", v1.RestartPolicyNever,
			[]v1.Container{{Name: "i", RestartPolicy: ptr("OnFailure")}}, []v1.Container{{Name: "a"}},
			[]v1.ContainerStatus{backOff("i", 1), {Name: "a", State: v1.ContainerState{Waiting: &v1.ContainerStateWaiting{Reason: "PodInitializing"}}}}, true, v1.PodPending},
		{"init own Never failed in an Always pod: Failed", v1.RestartPolicyAlways,
			[]v1.Container{{Name: "i", RestartPolicy: ptr("Never")}}, []v1.Container{{Name: "a"}},
			[]v1.ContainerStatus{term("i", 1), {Name: "a", State: v1.ContainerState{Waiting: &v1.ContainerStateWaiting{Reason: "PodInitializing"}}}}, true, v1.PodFailed},
		{"init failed in an Always pod, gate off: Pending", v1.RestartPolicyAlways,
			[]v1.Container{{Name: "i"}}, []v1.Container{{Name: "a"}},
			[]v1.ContainerStatus{term("i", 1), {Name: "a", State: v1.ContainerState{Waiting: &v1.ContainerStateWaiting{Reason: "PodInitializing"}}}}, false, v1.PodPending},
		{"running beside a done one: Running", v1.RestartPolicyNever, nil,
			[]v1.Container{{Name: "a"}, {Name: "b"}},
			[]v1.ContainerStatus{term("a", 1), running("b")}, true, v1.PodRunning},
	} {
		pod := &v1.Pod{Spec: v1.PodSpec{RestartPolicy: tc.policy, InitContainers: tc.init, Containers: tc.cs}}
		for _, minor := range []int{34, 37} {
			if got := getPhase(release.Of(minor), pod, tc.info, false, true, true, tc.rules, false); got != tc.want {
				t.Errorf("1.%d %s: %s, want %s", minor, tc.name, got, tc.want)
			}
		}
	}
}
