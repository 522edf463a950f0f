package kubeletstart

import (
	"encoding/json"
	"sort"
	"testing"
)

// resultJSON is a result without Args, the part EquivalenceKey does not
// promise.
func resultJSON(t *testing.T, r *Result) string {
	t.Helper()
	c := *r
	c.Args = nil
	data, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestEquivalenceKeyOpaqueFlags checks the key's claim for every plain
// string flag of every release: values as different as the kubelet ever
// sees give one key and one result. A model change that starts reading
// such a value fails here, until opaqueFlags leaves that flag out.
func TestEquivalenceKeyOpaqueFlags(t *testing.T) {
	m := fixtureModel(t)
	values := []string{"", "external", "aws", "10.0.0.1", "a=b,c=d", "/var/lib/x y"}
	config := &File{Path: "/var/lib/kubelet/config.yaml", Content: "apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nfeatureGates:\n  BetaOff: true\n"}
	checked := 0
	for _, rel := range m.Releases() {
		_, minor, _ := NormalizeRelease(rel)
		e, err := eraFor(minor)
		if err != nil {
			t.Fatal(err)
		}
		flags := opaqueFlags(e)
		names := make([]string, 0, len(flags))
		for f := range flags {
			names = append(names, f)
		}
		sort.Strings(names)
		for _, f := range names {
			var key, want string
			for i, v := range values {
				arg := []string{"--" + f + "=" + v, "--config=/var/lib/kubelet/config.yaml", "--v=2"}
				if i%2 == 1 {
					arg = append([]string{"--" + f, v}, arg[1:]...)
				}
				in := Input{Release: rel, Args: arg, Config: config}
				res, err := m.Evaluate(in)
				if err != nil {
					t.Fatal(err)
				}
				got := resultJSON(t, res)
				k := EquivalenceKey(in)
				if i == 0 {
					key, want = k, got
					continue
				}
				if k != key {
					t.Errorf("%s --%s: the key depends on the value %q", rel, f, v)
				}
				if got != want {
					t.Errorf("%s --%s=%q: the result depends on the value the key leaves out:\n%s\nvs\n%s", rel, f, v, got, want)
				}
			}
			checked++
		}
	}
	if checked < 500 {
		t.Errorf("only %d release×flag pairs checked: the flag table looks empty", checked)
	}
}

func TestEquivalenceKeyEnvironment(t *testing.T) {
	m := fixtureModel(t)
	dropins := []File{{Path: "10.conf", Content: "apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nfeatureGates:\n  BetaOff: true\n"}}
	for _, rel := range []string{"1.28", "1.29", "1.30"} {
		base := Input{Release: rel, Args: []string{"--config-dir=/etc/kubernetes/kubelet.conf.d"}, DropIns: dropins}
		envs := []map[string]string{nil, {"PATH": "/bin", "KUBELET_EXTRA_ARGS": "--x"}, {dropinDirEnv: ""}, {dropinDirEnv: "on", "LANG": "C"}}
		keys := map[string]string{}
		for _, env := range envs {
			in := base
			in.Env = env
			res, err := m.Evaluate(in)
			if err != nil {
				t.Fatal(err)
			}
			k, got := EquivalenceKey(in), resultJSON(t, res)
			if prev, ok := keys[k]; ok && prev != got {
				t.Errorf("%s env %v: same key, different result", rel, env)
			}
			keys[k] = got
		}
		if want := 2; len(keys) != want {
			t.Errorf("%s: %d classes of environments, want %d (with and without %s)", rel, len(keys), want, dropinDirEnv)
		}
	}
	// With a command line string the environment expands into it: every
	// variable counts.
	a := EquivalenceKey(Input{Release: "1.30", CommandLine: "$X", Env: map[string]string{"X": "--v=1"}})
	b := EquivalenceKey(Input{Release: "1.30", CommandLine: "$X", Env: map[string]string{"X": "--v=2"}})
	if a == b {
		t.Error("CommandLine inputs with different environments share a key")
	}
}

func TestEquivalenceKeyDistinguishes(t *testing.T) {
	base := Input{Release: "1.30", Args: []string{"--node-ip=1.2.3.4", "--max-pods=10"}, Config: &File{Path: "p", Content: "c"}}
	variants := []func(in *Input){
		func(in *Input) { in.Release = "1.31" },
		func(in *Input) { in.Args = []string{"--node-ip=1.2.3.4", "--max-pods=11"} },
		func(in *Input) { in.Args = []string{"--hostname-override=1.2.3.4", "--max-pods=10"} },
		func(in *Input) { in.Config = &File{Path: "p", Content: "d"} },
		func(in *Input) { in.Config = nil },
		func(in *Input) { in.DropIns = []File{{Path: "a", Content: ""}} },
		func(in *Input) { in.ConfigDir = "/d" },
		func(in *Input) { in.DynamicCheckpoint = &File{} },
	}
	seen := map[string]int{EquivalenceKey(base): -1}
	for i, v := range variants {
		in := base
		v(&in)
		k := EquivalenceKey(in)
		if j, dup := seen[k]; dup {
			t.Errorf("variant %d has the key of %d", i, j)
		}
		seen[k] = i
	}
	same := base
	same.Args = []string{"--node-ip", "5.6.7.8", "--max-pods=10"}
	if EquivalenceKey(same) != EquivalenceKey(base) {
		t.Errorf("--node-ip's value changes the key: %q vs %q", EquivalenceKey(same), EquivalenceKey(base))
	}
}
