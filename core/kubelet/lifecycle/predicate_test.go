package lifecycle

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/kubexplorer/kubexplorer/core/kubelet/release"
	v1 "github.com/kubexplorer/kubexplorer/core/kubelet/v1"
)

func pod(name, cpu string, hostPort int32) *v1.Pod {
	c := v1.Container{Name: "app", Image: "nginx"}
	if cpu != "" {
		c.Resources = &v1.ResourceRequirements{Requests: v1.ResourceList{"cpu": v1.QuantityText(cpu)}}
	}
	if hostPort > 0 {
		c.Ports = []v1.ContainerPort{{ContainerPort: 80, HostPort: hostPort}}
	}
	return &v1.Pod{Metadata: v1.ObjectMeta{Name: name}, Spec: v1.PodSpec{Containers: []v1.Container{c}}}
}

// Admission sees the usage of the admitted pods as they join and leave:
// resources summed, the pod count, host ports.
func TestAdmitUsage(t *testing.T) {
	node := &Node{Name: "n", OS: "linux", Allocatable: map[string]int64{"cpu": 2000, "memory": 1 << 30, "pods": 3}}
	used := NewUsage()
	a, b := pod("a", "1", 8080), pod("b", "500m", 0)
	used.Add(a)
	used.Add(b)
	for _, tc := range []struct {
		pod            *v1.Pod
		reason, detail string
	}{
		{pod("c", "500m", 0), "", ""},
		{pod("c", "600m", 0), "OutOfcpu", "Node didn't have enough resource: cpu, requested: 600, used: 1500, capacity: 2000"},
		{pod("c", "", 8080), "NodePorts", "Predicate NodePorts failed: node(s) didn't have free ports for the requested pod ports"},
		{pod("c", "", 8081), "", ""},
	} {
		res := Admit(release.Of(37), node, tc.pod, used)
		assert.Equal(t, tc.reason == "", res.Admit, tc.reason)
		assert.Equal(t, tc.reason, res.Reason)
		if tc.detail != "" {
			assert.Equal(t, tc.detail, res.Message)
		}
	}
	used.Add(pod("c", "", 0))
	res := Admit(release.Of(37), node, pod("d", "", 0), used)
	assert.Equal(t, "OutOfpods", res.Reason)
	assert.Equal(t, "Node didn't have enough resource: pods, requested: 1, used: 3, capacity: 3", res.Message)
	// a leaves: its CPU and its port are free again.
	used.Remove(a)
	assert.True(t, Admit(release.Of(37), node, pod("d", "1500m", 8080), used).Admit)
}

// The checks, their order and their texts by release.
func TestAdmitByRelease(t *testing.T) {
	node := &Node{Name: "n", OS: "linux", Allocatable: map[string]int64{"cpu": 1000, "pods": 110},
		Taints: []Taint{{Key: "k", Value: "v", Effect: "NoExecute"}}, Labels: map[string]string{"disk": "ssd"}}
	windows := func(p *v1.Pod) *v1.Pod {
		p.Metadata.Labels = map[string]string{"kubernetes.io/os": "windows"}
		return p
	}
	tolerating := func(p *v1.Pod) *v1.Pod {
		p.Spec.Tolerations = []v1.Toleration{{Key: "k", Operator: "Exists"}}
		return p
	}
	selecting := func(p *v1.Pod) *v1.Pod {
		p.Spec.NodeSelector = map[string]string{"disk": "hdd"}
		return tolerating(p)
	}
	for _, tc := range []struct {
		minor          int
		pod            *v1.Pod
		reason, detail string
	}{
		{18, pod("a", "", 0), "", ""},
		{23, pod("a", "", 0), "", ""},
		{24, pod("a", "", 0), "TaintToleration", "Predicate TaintToleration failed"},
		{31, pod("a", "", 0), "TaintToleration", "Predicate TaintToleration failed: node(s) had taints that the pod didn't tolerate"},
		{22, windows(pod("a", "", 0)), "", ""},
		{23, windows(pod("a", "", 0)), "PodOSSelectorNodeLabelDoesNotMatch", ""},
		{28, windows(pod("a", "2", 0)), "OutOfcpu", ""},
		{29, windows(pod("a", "2", 0)), "PodOSSelectorNodeLabelDoesNotMatch", ""},
		{30, selecting(pod("a", "", 0)), "NodeAffinity", "Predicate NodeAffinity failed"},
		{31, selecting(pod("a", "", 0)), "NodeAffinity", "Predicate NodeAffinity failed: node(s) didn't match Pod's node affinity/selector"},
	} {
		res := Admit(release.Of(tc.minor), node, tc.pod, NewUsage())
		assert.Equal(t, tc.reason, res.Reason, "1.%d", tc.minor)
		if tc.detail != "" {
			assert.Equal(t, tc.detail, res.Message, "1.%d", tc.minor)
		}
	}
	field := tolerating(pod("a", "", 0))
	field.Spec.OS = &v1.PodOS{Name: "windows"}
	assert.True(t, Admit(release.Of(23), node, field, NewUsage()).Admit, "the API server drops spec.os before 1.24")
	assert.Equal(t, "PodOSNotSupported", Admit(release.Of(24), node, field, NewUsage()).Reason)
}
