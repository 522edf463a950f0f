package kubeletstart

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestSplitCommandLine(t *testing.T) {
	for _, tc := range []struct {
		in   string
		env  map[string]string
		want []string
		err  bool
	}{
		{in: `kubelet --a=1 --b "x y"`, want: []string{"--a=1", "--b", "x y"}},
		{in: `/usr/bin/kubelet --a='it''s' \` + "\n" + ` --c`, want: []string{"--a=its", "--c"}},
		{in: `--a="q\"uote" --b=$X --c=${Y}z`, env: map[string]string{"X": "1"}, want: []string{`--a=q"uote`, "--b=1", "--c=z"}},
		{in: `ExecStart=/usr/bin/kubelet $UNSET --x`, want: []string{"--x"}},
		{in: `--a="unterminated`, err: true},
		{in: ``, want: nil},
	} {
		got, _, err := SplitCommandLine(tc.in, tc.env)
		if (err != nil) != tc.err {
			t.Errorf("%q: err=%v", tc.in, err)
			continue
		}
		if !tc.err && !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%q: got %q want %q", tc.in, got, tc.want)
		}
	}
}

func TestWalkOrder(t *testing.T) {
	paths := []string{"d/sub/05.conf", "d/20.conf", "d/a-b/x.conf", "d/a/x.conf", "d/10.conf"}
	want := []string{"d/10.conf", "d/20.conf", "d/a/x.conf", "d/a-b/x.conf", "d/sub/05.conf"}
	got := append([]string(nil), paths...)
	for i := range got {
		for j := i + 1; j < len(got); j++ {
			if walkLess(got[j], got[i]) {
				got[i], got[j] = got[j], got[i]
			}
		}
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %v want %v", got, want)
	}
}

func TestMergePatch(t *testing.T) {
	var target, patch, want any
	must := func(s string, v *any) {
		if err := json.Unmarshal([]byte(s), v); err != nil {
			t.Fatal(err)
		}
	}
	must(`{"featureGates":{"A":true,"B":true},"l":[1,2]}`, &target)
	must(`{"featureGates":{"A":null,"C":false},"l":[3]}`, &patch)
	must(`{"featureGates":{"B":true,"C":false},"l":[3]}`, &want)
	if got := mergePatch(target, patch); !reflect.DeepEqual(got, want) {
		t.Fatalf("got %v want %v", got, want)
	}
	must(`{"featureGates":null}`, &patch)
	must(`{"l":[1,2]}`, &want)
	if got := mergePatch(target, patch); !reflect.DeepEqual(got, want) {
		t.Fatalf("null: got %v want %v", got, want)
	}
}

// TestJSONIterContext checks the byte arithmetic of json-iterator's error
// context near the start of the buffer, where the window is clipped.
func TestJSONIterContext(t *testing.T) {
	_, _, _, _, err := jsonIterWalk([]byte(`{"featureGates":{"a":1}}`), 18, false)
	want := `v1beta1.KubeletConfiguration.FeatureGates: ReadBool: expect t or f, but found 1, error found in #10 byte of ...|es":{"a":1}}|..., bigger context ...|{"featureGates":{"a":1}}|...`
	if err == nil || err.Error() != want {
		t.Fatalf("got %v\nwant %s", err, want)
	}
}

func TestEvaluateRejectsBadInput(t *testing.T) {
	m := fixtureModel(t)
	for _, in := range []Input{{Release: "2.0"}, {Release: "1.99"}, {Release: "x"}, {Release: "1.30", CommandLine: `--a="x`}} {
		if _, err := m.Evaluate(in); err == nil {
			t.Errorf("%+v: want an error", in)
		}
	}
}

// TestRealCatalog runs the default model over every embedded release: it
// must evaluate a plain command line without error and start.
func TestRealCatalog(t *testing.T) {
	for _, rel := range Default.Releases() {
		res, err := Evaluate(Input{Release: rel, CommandLine: "--v=2"})
		if err != nil {
			t.Fatalf("%s: %v", rel, err)
		}
		if !res.WouldStart {
			t.Errorf("%s: plain start fails: %s", rel, res.Error)
		}
		if len(res.Gates) < 2 {
			t.Errorf("%s: no gates", rel)
		}
	}
}

func FuzzDecodeConfig(f *testing.F) {
	for _, s := range []string{
		"apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nfeatureGates:\n  A: true\n",
		"featureGates: \"x\"\n", "kind: KubeletConfiguration\n", "- a\n- b\n", "a: [\n", "{\"featureGates\":{\"a\":1}}",
		"apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nfeatureGates:\n  A: yes\n  A: no\n",
	} {
		f.Add(s, 18)
		f.Add(s, 37)
	}
	f.Fuzz(func(t *testing.T, s string, minor int) {
		if minor < 18 || minor > 37 {
			return
		}
		e, err := eraFor(minor)
		if err != nil {
			t.Fatal(err)
		}
		cfg, err := e.decodeTyped([]byte(s), parseFile([]byte(s)))
		if err == nil && cfg == nil {
			t.Fatal("nil config without error")
		}
		_, _, _ = e.decodeUnstructured([]byte(s), parseFile([]byte(s)))
	})
}

func FuzzFlags(f *testing.F) {
	for _, s := range []string{"--feature-gates=a=true,b=0", "--feature-gates a", "--config=/x --v=2 extra", "-h", `--x="y`} {
		f.Add(s)
	}
	m := fixtureModel(f)
	f.Fuzz(func(t *testing.T, s string) {
		res, err := m.Evaluate(Input{Release: "1.37", CommandLine: s})
		if err != nil {
			return
		}
		if !res.WouldStart && res.Stage == "" {
			t.Fatalf("%q: failed without a stage", s)
		}
		lines := strings.Split(s, "\n")
		for _, d := range res.Diagnostics {
			if d.Line == 0 {
				continue
			}
			if d.Line > len(lines) || d.Column < 1 || d.Column > utf8.RuneCountInString(lines[d.Line-1])+1 ||
				d.EndLine > 0 && (d.EndLine < d.Line || d.EndLine == d.Line && d.EndColumn <= d.Column) {
				t.Fatalf("%q: diagnostic %+v lies outside the command line", s, d)
			}
		}
	})
}
