package kubeletstart

import (
	"encoding/json"
	"testing"
)

// typeMeta reads apiVersion and kind as decoding into a struct does, or
// leaves the document to encoding/json.
func TestTypeMetaIsEncodingJSONs(t *testing.T) {
	for _, tc := range []struct {
		js       string
		decodes  bool
		av, kind string
	}{
		{js: `{"apiVersion":"kubelet.config.k8s.io/v1beta1","featureGates":{"A":true},"kind":"KubeletConfiguration"}`, decodes: true, av: "kubelet.config.k8s.io/v1beta1", kind: "KubeletConfiguration"},
		{js: `{"kind":null,"other":[1,2]}`, decodes: true},
		{js: `{}`, decodes: true},
		{js: `{"Kind":"KubeletConfiguration"}`},
		{js: `{"APIVERSION":"v1"}`},
		{js: "{\"\u212aind\":\"KubeletConfiguration\"}"}, // the Kelvin sign folds to k
		{js: `{"kind":1}`},
		{js: `[]`},
		{js: `null`},
		{js: `{"kind":"a","kind":"b"}`},
	} {
		av, kind, ok := typeMeta([]byte(tc.js))
		if ok != tc.decodes || av != tc.av || kind != tc.kind {
			t.Errorf("typeMeta(%s) = %q, %q, %v; want %q, %q, %v", tc.js, av, kind, ok, tc.av, tc.kind, tc.decodes)
		}
		if !ok {
			continue
		}
		var tm struct {
			APIVersion string `json:"apiVersion,omitempty"`
			Kind       string `json:"kind,omitempty"`
		}
		if err := json.Unmarshal([]byte(tc.js), &tm); err != nil || tm.APIVersion != av || tm.Kind != kind {
			t.Errorf("typeMeta(%s) = %q, %q; encoding/json %q, %q, %v", tc.js, av, kind, tm.APIVersion, tm.Kind, err)
		}
	}
}
