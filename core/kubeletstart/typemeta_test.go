package kubeletstart

import (
	"encoding/json"
	"maps"
	"testing"
)

// typeMetaStd is interpret's json.Unmarshal.
func typeMetaStd(js []byte) (apiVersion, kind string, err error) {
	var tm struct {
		APIVersion string `json:"apiVersion,omitempty"`
		Kind       string `json:"kind,omitempty"`
	}
	err = json.Unmarshal(js, &tm)
	return tm.APIVersion, tm.Kind, err
}

// typeMeta answers the usual document and gives what json.Unmarshal
// gives; it leaves the rest to json.Unmarshal.
func TestTypeMeta(t *testing.T) {
	for _, in := range []string{
		`{"apiVersion":"kubelet.config.k8s.io/v1beta1","featureGates":{"A":true},"kind":"KubeletConfiguration"}`,
		`{}`, ` { "kind" : "K" } `, `{"apiVersion":"v1","x":[1,{"kind":"no"}]}`,
	} {
		av, k, ok := typeMeta([]byte(in))
		wav, wk, err := typeMetaStd([]byte(in))
		if !ok || err != nil || av != wav || k != wk {
			t.Errorf("typeMeta(%s) = %q, %q, %v; json.Unmarshal %q, %q, %v", in, av, k, ok, wav, wk, err)
		}
	}
	for _, in := range []string{`[]`, `"x"`, `{"apiVersion":1}`, `{"kind":null}`, `{"kind":"a","kind":"b"}`, `{"Kind":"K"}`,
		`{"kind":"K","APIVERSION":"v"}`, "{\"\u212aind\":\"K\"}", `{"kind":"K\"s"}`, `{"k\u0069nd":"K"}`} {
		if av, k, ok := typeMeta([]byte(in)); ok {
			t.Errorf("typeMeta(%s) = %q, %q, answered", in, av, k)
		}
	}
}

func FuzzTypeMeta(f *testing.F) {
	f.Add(`{"apiVersion":"kubelet.config.k8s.io/v1beta1","kind":"KubeletConfiguration"}`)
	f.Add(`{"kind":"K","APIVERSION":"v"}`)
	f.Add("{\"apiVersion\":\"\x87\"}")
	f.Fuzz(func(t *testing.T, in string) {
		if !json.Valid([]byte(in)) {
			return // interpret reads the YAML conversion's output
		}
		av, k, ok := typeMeta([]byte(in))
		if !ok {
			return
		}
		wav, wk, err := typeMetaStd([]byte(in))
		if err != nil || av != wav || k != wk {
			t.Fatalf("typeMeta(%s) = %q, %q; json.Unmarshal %q, %q, %v", in, av, k, wav, wk, err)
		}
	})
}

// plainGates answers an object of booleans and gives what decoding it
// gives; it leaves the rest to encoding/json.
func TestPlainGates(t *testing.T) {
	for _, in := range []string{`{"A":true,"B":false}`, `{}`, ` { "A" : true , "A" : false } `, `{"é":true}`} {
		got, ok := plainGates([]byte(in))
		var want map[string]bool
		if err := json.Unmarshal([]byte(in), &want); !ok || err != nil || !maps.Equal(got, want) || got == nil {
			t.Errorf("plainGates(%s) = %v, %v; json.Unmarshal %v, %v", in, got, ok, want, err)
		}
	}
	for _, in := range []string{`null`, `[]`, `{"A":null}`, `{"A":1}`, `{"A":"true"}`, `{"\u0041":true}`, "{\"\x87\":true}", `{"A":{}}`} {
		if got, ok := plainGates([]byte(in)); ok {
			t.Errorf("plainGates(%s) = %v, answered", in, got)
		}
	}
}

func FuzzPlainGates(f *testing.F) {
	f.Add(`{"A":true,"B":false}`)
	f.Add(`{"A":true,"A":false}`)
	f.Fuzz(func(t *testing.T, in string) {
		if !json.Valid([]byte(in)) {
			return // gatesFromJSON reads the YAML conversion's output
		}
		got, ok := plainGates([]byte(in))
		if !ok {
			return
		}
		var want map[string]bool
		if err := json.Unmarshal([]byte(in), &want); err != nil || !maps.Equal(got, want) {
			t.Fatalf("plainGates(%s) = %v; json.Unmarshal %v, %v", in, got, want, err)
		}
	})
}
