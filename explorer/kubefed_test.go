package explorer

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/kubexplorer/kubexplorer/core/kubefed/scenario"
)

func callOn(t *testing.T, e *Engine, method string, req any, out any) Reply {
	t.Helper()
	b, err := json.Marshal(req)
	if err != nil {
		t.Fatal(err)
	}
	var reply Reply
	if err := json.Unmarshal(e.Call(method, b), &reply); err != nil {
		t.Fatal(err)
	}
	if reply.OK && out != nil {
		if err := json.Unmarshal(reply.Result, out); err != nil {
			t.Fatal(err)
		}
	}
	return reply
}

// Every example of the gallery parses, runs, and ends without a step error
// unless the example is about one.
func TestKubefedExamples(t *testing.T) {
	e := New()
	var list KubefedExamplesReply
	if r := callOn(t, e, "kubefed.examples", struct{}{}, &list); !r.OK {
		t.Fatal(r.Error)
	}
	if len(list.Examples) < 10 {
		t.Fatalf("want the facts file's ten example scenarios, got %d", len(list.Examples))
	}
	found := false
	for _, ex := range list.Examples {
		found = found || ex.Name == list.Default
		if ex.Title == "" || ex.Description == "" {
			t.Errorf("%s: title and description are required", ex.Name)
		}
		var one KubefedExampleReply
		if r := callOn(t, e, "kubefed.example", KubefedExampleRequest{Name: ex.Name}, &one); !r.OK {
			t.Fatalf("%s: %v", ex.Name, r.Error)
		}
		var run KubefedRunReply
		if r := callOn(t, e, "kubefed.run", KubefedRunRequest{Scenario: one.Scenario}, &run); !r.OK {
			t.Fatalf("%s: %v", ex.Name, r.Error)
		}
		if len(run.Transcript.Steps) == 0 || !strings.Contains(run.Text, "== step 1") {
			t.Errorf("%s: empty transcript", ex.Name)
		}
	}
	if !found {
		t.Errorf("default example %q is not in the gallery", list.Default)
	}
	if r := callOn(t, e, "kubefed.example", KubefedExampleRequest{Name: "../x"}, nil); r.OK || r.Error.Code != CodeNotFound {
		t.Errorf("bad name: %+v", r)
	}
}

const ftcs = `apiVersion: core.kubefed.io/v1beta1
kind: FederatedTypeConfig
metadata: {name: namespaces, namespace: kube-federation-system}
spec:
  targetType: {version: v1, kind: Namespace, pluralName: namespaces, scope: Cluster}
  propagation: Enabled
  federatedType: {group: types.kubefed.io, version: v1beta1, kind: FederatedNamespace, pluralName: federatednamespaces, scope: Namespaced}
---
apiVersion: core.kubefed.io/v1beta1
kind: FederatedTypeConfig
metadata: {name: configmaps, namespace: kube-federation-system}
spec:
  targetType: {version: v1, kind: ConfigMap, pluralName: configmaps, scope: Namespaced}
  propagation: Enabled
  federatedType: {group: types.kubefed.io, version: v1beta1, kind: FederatedConfigMap, pluralName: federatedconfigmaps, scope: Namespaced}
`

// A session driven action by action: load, apply, cluster change, advance,
// delete, restart, enable, snapshot, close.
func TestKubefedSession(t *testing.T) {
	e := New()
	var load KubefedLoadReply
	if r := callOn(t, e, "kubefed.load", KubefedLoadRequest{Scenario: "clusters: [{name: c1}, {name: c2, labels: {env: prod}}]\nsteps: []\n"}, &load); !r.OK {
		t.Fatal(r.Error)
	}
	if load.Session == "" || len(load.Transcript.Setup.Snapshot.Clusters) != 2 {
		t.Fatalf("load: %+v", load)
	}
	var step KubefedStepReply
	if r := callOn(t, e, "kubefed.apply", KubefedApplyRequest{Session: load.Session, YAML: ftcs}, zero(&step)); !r.OK || step.Error != "" {
		t.Fatalf("apply: %+v %s", r.Error, step.Error)
	}
	if len(step.Snapshot.Controllers) != 2 {
		t.Errorf("want 2 running controllers, got %+v", step.Snapshot.Controllers)
	}
	if !strings.Contains(strings.Join(step.LogText, "\n"), `Started sync controller for "FederatedConfigMap"`) {
		t.Errorf("log: %q", step.LogText)
	}
	fed := "apiVersion: v1\nkind: Namespace\nmetadata: {name: ns1}\n---\napiVersion: types.kubefed.io/v1beta1\nkind: FederatedNamespace\nmetadata: {name: ns1, namespace: ns1}\nspec: {placement: {clusterSelector: {}}}\n---\n" +
		"apiVersion: types.kubefed.io/v1beta1\nkind: FederatedConfigMap\nmetadata: {name: cm, namespace: ns1}\nspec:\n  template: {data: {a: \"1\"}}\n  placement: {clusterSelector: {matchLabels: {env: prod}}}\n"
	if r := callOn(t, e, "kubefed.apply", KubefedApplyRequest{Session: load.Session, YAML: fed}, zero(&step)); !r.OK || step.Error != "" {
		t.Fatalf("apply: %+v %s", r.Error, step.Error)
	}
	// A syntax error carries its line within the applied text.
	if r := callOn(t, e, "kubefed.apply", KubefedApplyRequest{Session: load.Session, YAML: "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x\n"}, zero(&step)); !r.OK || step.Error == "" || step.ErrorLine == 0 {
		t.Errorf("bad yaml: %+v %+v", r.Error, step)
	}
	if r := callOn(t, e, "kubefed.cluster", KubefedClusterRequest{Session: load.Session, Op: scenarioClusterLabels("c1", "prod")}, zero(&step)); !r.OK || step.Error != "" {
		t.Fatalf("cluster: %+v %s", r.Error, step.Error)
	}
	if r := callOn(t, e, "kubefed.advance", KubefedAdvanceRequest{Session: load.Session, Duration: "30s"}, zero(&step)); !r.OK {
		t.Fatal(r.Error)
	}
	if r := callOn(t, e, "kubefed.advance", KubefedAdvanceRequest{Session: load.Session, Duration: "soon"}, nil); r.OK || r.Error.Code != CodeBadRequest {
		t.Errorf("bad duration: %+v", r)
	}
	if r := callOn(t, e, "kubefed.restart", KubefedSessionRequest{Session: load.Session}, zero(&step)); !r.OK {
		t.Fatal(r.Error)
	}
	var en KubefedEnableReply
	if r := callOn(t, e, "kubefed.enable", map[string]any{"options": map[string]any{"name": "deployments.apps", "output": "yaml"}}, &en); !r.OK || !strings.Contains(en.Output, "kind: FederatedTypeConfig") {
		t.Fatalf("enable: %+v %+v", r.Error, en)
	}
	var snap map[string]any
	if r := callOn(t, e, "kubefed.snapshot", KubefedSessionRequest{Session: load.Session}, &snap); !r.OK {
		t.Fatal(r.Error)
	}
	for _, k := range []string{"ftcs", "controllers", "federatedResources", "clusters", "time"} {
		if _, ok := snap[k]; !ok {
			t.Errorf("snapshot lacks %q", k)
		}
	}
	if r := callOn(t, e, "kubefed.step", map[string]any{"session": load.Session, "step": map[string]any{"restart": true, "advance": "1s"}}, nil); r.OK {
		t.Errorf("two actions in one step must fail")
	}
	if r := callOn(t, e, "kubefed.step", map[string]any{"session": load.Session, "step": map[string]any{"bogus": 1}}, nil); r.OK {
		t.Errorf("unknown field must fail")
	}
	callOn(t, e, "kubefed.close", KubefedSessionRequest{Session: load.Session}, nil)
	if r := callOn(t, e, "kubefed.snapshot", KubefedSessionRequest{Session: load.Session}, nil); r.OK || r.Error.Code != CodeNotFound {
		t.Errorf("closed session: %+v", r)
	}
	if r := callOn(t, e, "kubefed.load", KubefedLoadRequest{Scenario: "steps: []\nbogus: 1\n"}, nil); r.OK || !strings.Contains(r.Error.Message, "line 2") {
		t.Errorf("unknown scenario field: %+v", r)
	}
}

func scenarioClusterLabels(name, env string) scenario.ClusterOp {
	return scenario.ClusterOp{Name: name, Labels: map[string]string{"env": env}}
}

func zero[T any](p *T) *T {
	var z T
	*p = z
	return p
}

// kubefed.load takes an example, control-plane overrides and extra steps,
// which is how the page rebuilds a session from its saved state.
func TestKubefedLoadOverrides(t *testing.T) {
	e := New()
	var load KubefedLoadReply
	webhook := false
	req := KubefedLoadRequest{Example: "o1-fresh-namespaced-ftc", Scope: "Namespaced", Webhook: &webhook,
		Steps: []scenario.Step{{Advance: "5s"}, {Restart: true}}}
	if r := callOn(t, e, "kubefed.load", req, &load); !r.OK {
		t.Fatal(r.Error)
	}
	if load.Transcript.Options.Scope != "Namespaced" || load.Transcript.Options.WebhookEnabled() {
		t.Errorf("overrides not applied: %+v", load.Transcript.Options)
	}
	if n := len(load.Transcript.Steps); n != 4 {
		t.Fatalf("want the example's 2 steps and 2 more, got %d", n)
	}
	if got := load.Transcript.Steps[3].Action; got != "restart controller manager" {
		t.Errorf("last step: %q", got)
	}
	for _, bad := range []KubefedLoadRequest{
		{Example: "o1-fresh-namespaced-ftc", Scenario: "steps: []"},
		{Example: "o1-fresh-namespaced-ftc", Scope: "Global"},
		{Example: "nope"},
		{Steps: []scenario.Step{{Advance: "5s", Restart: true}}},
	} {
		if r := callOn(t, e, "kubefed.load", bad, nil); r.OK {
			t.Errorf("%+v: want an error", bad)
		}
	}
}
