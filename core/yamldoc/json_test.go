package yamldoc

import (
	"encoding/json"
	"reflect"
	"testing"
)

// decodedAgrees requires JSONDecoded, where it gives the decoded value, to
// give what json.Unmarshal of its JSON gives, and its JSON to be what
// json.Marshal writes for its value.
func decodedAgrees(t *testing.T, in string) (answered bool) {
	t.Helper()
	d, err := Parse([]byte(in))
	if err != nil {
		return false
	}
	js, decoded, ok, err := d.JSONDecoded()
	v, wantErr := d.value(false)
	var want []byte
	if wantErr == nil {
		want, wantErr = json.Marshal(v)
	}
	if string(js) != string(want) || (err == nil) != (wantErr == nil) {
		t.Fatalf("%q: JSONDecoded wrote %s (%v), JSON %s (%v)", in, js, err, want, wantErr)
	}
	if !ok {
		return false
	}
	var wantDecoded any
	if err := json.Unmarshal(js, &wantDecoded); err != nil || !reflect.DeepEqual(decoded, wantDecoded) {
		t.Fatalf("%q: decoded %#v, json.Unmarshal %#v (%v)", in, decoded, wantDecoded, err)
	}
	return true
}

func TestJSONDecoded(t *testing.T) {
	answered := 0
	for _, in := range append([]string{
		"apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nfeatureGates:\n  SidecarContainers: true\n",
		"a: [1, -2, x, null, {}, []]\nb: {c: d}\n", "[]", "{}", "a:\n", "a: 'x<y'\n", "a: \"é\"\n", "a: 1.5\n", "a: 99999999999999999999\n",
		"a: 9007199254740993\nb: -9223372036854775808\nc: [0x10, -0, 017, -0.0, 1e300]\nd: 18446744073709551615\n", "1: 2\n",
	}, compatCases...) {
		if decodedAgrees(t, in) {
			answered++
		}
	}
	if answered < 13 {
		t.Errorf("JSONDecoded decoded %d documents, want the ordinary ones", answered)
	}
	// Invalid UTF-8 (which decoding replaces) and other types are left
	// to json.Unmarshal.
	for _, v := range []any{"\xff", map[string]any{"\xff": true}, []any{1.5, "a\xffb"}, int32(1), map[string]bool{}} {
		if got, ok := asDecoded(v); ok {
			t.Errorf("asDecoded(%#v) = %#v, answered", v, got)
		}
	}
}

func FuzzJSONDecoded(f *testing.F) {
	for _, c := range compatCases {
		f.Add(c)
	}
	f.Fuzz(func(t *testing.T, in string) { decodedAgrees(t, in) })
}
