package kuberuntime

import (
	"github.com/kubexplorer/kubexplorer/core/cri"
	"testing"

	kubecontainer "github.com/kubexplorer/kubexplorer/core/kubelet/container"
	"github.com/kubexplorer/kubexplorer/core/kubelet/prober"
	v1 "github.com/kubexplorer/kubexplorer/core/kubelet/v1"
)

// own gives container name of pod its own restartPolicy and, with codes,
// a rule that restarts it on those exit codes (operator op).
func own(pod *v1.Pod, name, policy, op string, codes ...int32) *v1.Pod {
	for _, cs := range [][]v1.Container{pod.Spec.InitContainers, pod.Spec.Containers} {
		for i := range cs {
			if cs[i].Name != name {
				continue
			}
			cs[i].RestartPolicy = &policy
			if op != "" {
				cs[i].RestartPolicyRules = []v1.ContainerRestartRule{{Action: v1.RestartRuleActionRestart,
					ExitCodes: &v1.ContainerRestartRuleOnExitCodes{Operator: op, Values: codes}}}
			}
		}
	}
	return pod
}

// withExit sets the exit code of the newest instance of name.
func withExit(st *kubecontainer.PodStatus, name string, code int) *kubecontainer.PodStatus {
	st.FindContainerStatusByName(name).ExitCode = code
	return st
}

// TestComputePodActionsRestartRules: computePodActions and
// computeInitContainerActions under ContainerRestartRules (the same in
// 1.34 with the gate on and in 1.35–1.37), and with it off.
func TestComputePodActionsRestartRules(t *testing.T) {
	deadSandbox := func(st *kubecontainer.PodStatus) *kubecontainer.PodStatus {
		st.SandboxStatuses, st.ActiveSandboxID = []*cri.PodSandboxStatus{sandbox(cri.SandboxNotReady, 1, "")}, ""
		return st
	}
	p := testPod
	rule42 := own(p(v1.RestartPolicyNever), "a", v1.RestartPolicyNever, "In", 42)
	aNever := own(p(v1.RestartPolicyAlways), "a", v1.RestartPolicyNever, "")
	aAlways := own(p(v1.RestartPolicyNever), "b", v1.RestartPolicyAlways, "")
	aNeverOnFailure := own(own(p(v1.RestartPolicyOnFailure), "a", v1.RestartPolicyOnFailure, ""), "b", v1.RestartPolicyAlways, "")
	initOnFailure := own(p(v1.RestartPolicyNever, "i"), "i", v1.RestartPolicyOnFailure, "")
	initNever := own(p(v1.RestartPolicyAlways, "i"), "i", v1.RestartPolicyNever, "")
	notIn0 := own(p(v1.RestartPolicyNever), "a", v1.RestartPolicyNever, "NotIn", 0)
	tests := []struct {
		name     string
		rules    bool
		pod      *v1.Pod
		status   *kubecontainer.PodStatus
		liveness string
		want     string
	}{
		{"rule matches: restart in place", true, rule42, withExit(statusOf(rule42, "a=exited", "b=running"), "a", 42), "",
			`{"killPod":false,"createSandbox":false,"sandboxID":"sb","attempt":0,"containersToStart":[0]}`},
		{"rule matches, gate off: the pod's Never", false, rule42, withExit(statusOf(rule42, "a=exited", "b=running"), "a", 42), "",
			`{"killPod":false,"createSandbox":false,"sandboxID":"sb","attempt":0}`},
		{"rule misses: its Never", true, rule42, statusOf(rule42, "a=exited:1", "b=running"), "",
			`{"killPod":false,"createSandbox":false,"sandboxID":"sb","attempt":0}`},
		{"own Never in an Always pod", true, aNever, statusOf(aNever, "a=exited:1", "b=running"), "",
			`{"killPod":false,"createSandbox":false,"sandboxID":"sb","attempt":0}`},
		{"every container done for good: kill the pod", true, notIn0, statusOf(notIn0, "a=exited:0", "b=exited:0"), "",
			`{"killPod":true,"createSandbox":false,"sandboxID":"sb","attempt":0}`},
		{"NotIn matches: restart", true, notIn0, statusOf(notIn0, "a=exited:3", "b=exited:0"), "",
			`{"killPod":false,"createSandbox":false,"sandboxID":"sb","attempt":0,"containersToStart":[0]}`},
		// A probe kill is decided by the policies alone.
		{"liveness failed, own Always in a Never pod: restarted", true, aAlways, statusOf(aAlways, "a=running", "b=running"), "b",
			`{"killPod":false,"createSandbox":false,"sandboxID":"sb","attempt":0,"containersToStart":[1],"containersToKill":[{"id":"id-b=running","name":"b","message":"Container b failed liveness probe, will be restarted"}]}`},
		{"liveness failed, own Always, gate off", false, aAlways, statusOf(aAlways, "a=running", "b=running"), "b",
			`{"killPod":false,"createSandbox":false,"sandboxID":"sb","attempt":0,"containersToKill":[{"id":"id-b=running","name":"b","message":"Container b failed liveness probe"}]}`},
		{"liveness failed, own Never in an Always pod: not restarted", true, aNever, statusOf(aNever, "a=running", "b=running"), "a",
			`{"killPod":false,"createSandbox":false,"sandboxID":"sb","attempt":0,"containersToKill":[{"id":"id-a=running","name":"a","message":"Container a failed liveness probe"}]}`},
		// A new sandbox: a container stays done only if it succeeded and
		// runs once (its own OnFailure, or the pod's without its own).
		{"new sandbox: own Never runs again", true, aNever, deadSandbox(statusOf(aNever, "a=exited:0", "b=exited:0")), "",
			`{"killPod":true,"createSandbox":true,"sandboxID":"sb","attempt":2,"containersToStart":[0,1]}`},
		{"new sandbox: own OnFailure done, own Always runs again", true, aNeverOnFailure, deadSandbox(statusOf(aNeverOnFailure, "a=exited:0", "b=exited:0")), "",
			`{"killPod":true,"createSandbox":true,"sandboxID":"sb","attempt":2,"containersToStart":[1]}`},
		{"new sandbox, gate off: the pod's OnFailure", false, aNeverOnFailure, deadSandbox(statusOf(aNeverOnFailure, "a=exited:0", "b=exited:0")), "",
			`{"killPod":true,"createSandbox":false,"sandboxID":"sb","attempt":2}`},
		{"new sandbox, Never pod: none, whatever the containers say", true, aAlways, deadSandbox(statusOf(aAlways, "a=exited:0", "b=exited:0")), "",
			`{"killPod":true,"createSandbox":false,"sandboxID":"sb","attempt":2}`},
		// Init containers with their own policy.
		{"init own OnFailure in a Never pod: retried", true, initOnFailure, statusOf(initOnFailure, "i=exited:1"), "",
			`{"killPod":false,"createSandbox":false,"sandboxID":"sb","attempt":0,"initContainersToStart":[0]}`},
		{"init own OnFailure, gate off: the pod fails", false, initOnFailure, statusOf(initOnFailure, "i=exited:1"), "",
			`{"killPod":true,"createSandbox":false,"sandboxID":"sb","attempt":0}`},
		{"init own Never in an Always pod: the pod fails", true, initNever, statusOf(initNever, "i=exited:1"), "",
			`{"killPod":true,"createSandbox":false,"sandboxID":"sb","attempt":0}`},
		{"init own Never, unknown state: the pod fails", true, initNever, statusOf(initNever, "i=unknown"), "",
			`{"killPod":true,"createSandbox":false,"sandboxID":"sb","attempt":0}`},
		{"init own OnFailure, unknown state: killed and started", true, initOnFailure, statusOf(initOnFailure, "i=unknown"), "",
			`{"killPod":false,"createSandbox":false,"sandboxID":"sb","attempt":0,"initContainersToStart":[0],"containersToKill":[{"id":"id-i=unknown","name":"i","message":"Init container is in \"unknown\" state, try killing it before restart"}]}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, live, _ := testManager(35, true)
			m.opt.RestartRules = tt.rules
			if tt.liveness != "" {
				live.Set(tt.status.FindContainerStatusByName(tt.liveness).FullID(), prober.Failure, "u")
			}
			if got := actions(m.ComputePodActions(tt.pod, tt.status, false)); got != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
}
