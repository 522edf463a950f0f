package scenario

import (
	"testing"
	"time"

	"github.com/kubexplorer/kubexplorer/core/sim"
)

// FuzzParseAction: the edits the page and the CLI make while a simulation
// runs (kubelet.apply) parse with positioned errors or apply to a running
// kubelet; nothing panics.
func FuzzParseAction(f *testing.F) {
	base, err := Parse([]byte("pods: [{metadata: {name: web}, spec: {containers: [{name: app, image: nginx}]}}]\n"))
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range []string{
		"create: {metadata: {name: b}, spec: {containers: [{name: c, image: x}]}}",
		"at: 5s\ndelete: {name: web, gracePeriodSeconds: 3}",
		"update: {metadata: {name: web}, spec: {containers: [{name: app, image: nginx:2}]}}",
		"fault: {injectError: {method: PullImage, code: Unavailable, message: down}}",
		"fault: {container: {pod: web, container: app, runs: [{exitAfter: 2s, exitCode: 1}]}}",
		"createConfigMap: {metadata: {name: cm}, data: {a: b}}",
		"deleteSecret: {name: s}",
		"- not a mapping",
		"delete: {name: web, gracePeriodSeconds: 9223372036854775808}",
		"fault: {image: {image: x, pullDelay: NaN}}",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		st, err := ParseAction([]byte(s), base)
		if err != nil {
			return
		}
		k, err := base.Build()
		if err != nil {
			t.Fatal(err)
		}
		k.RunUntil(sim.Epoch.Add(time.Second))
		_ = Apply(k, st)
		k.RunUntil(sim.Epoch.Add(3 * time.Second))
	})
}
