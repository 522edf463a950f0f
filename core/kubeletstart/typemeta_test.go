package kubeletstart

import (
	"encoding/json"
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
