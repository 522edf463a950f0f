package yamldoc

import (
	"encoding/json"
	"reflect"
	"testing"
)

// plainAgrees requires JSON's short cut, where it answers, to write what
// encoding/json writes for the document's value.
func plainAgrees(t *testing.T, in string) (answered bool) {
	t.Helper()
	d, err := Parse([]byte(in))
	if err != nil {
		return false
	}
	v, err := d.value(false)
	if err != nil {
		return false
	}
	got, ok := appendPlainJSON(nil, v)
	if !ok {
		return false
	}
	js, decoded, ok, err := d.JSONDecoded()
	if !ok || err != nil || string(js) != string(got) {
		t.Fatalf("%q: JSONDecoded = %s, %v, %v; the short cut wrote %s", in, js, ok, err, got)
	}
	var wantDecoded any
	if err := json.Unmarshal(js, &wantDecoded); err != nil || !reflect.DeepEqual(decoded, wantDecoded) {
		t.Fatalf("%q: decoded %#v, json.Unmarshal %#v (%v)", in, decoded, wantDecoded, err)
	}
	want, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("%q: the short cut wrote %s, encoding/json fails: %v", in, got, err)
	}
	if string(got) != string(want) {
		t.Fatalf("%q: the short cut wrote\n%s\nencoding/json\n%s", in, got, want)
	}
	return true
}

func TestPlainJSON(t *testing.T) {
	answered := 0
	for _, in := range append([]string{
		"apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nfeatureGates:\n  SidecarContainers: true\n",
		"a: [1, -2, x, null, {}, []]\nb: {c: d}\n", "[]", "{}", "a:\n", "a: 'x<y'\n", "a: \"é\"\n", "a: 1.5\n", "a: 99999999999999999999\n",
		"a: 9007199254740993\nb: -9223372036854775808\nc: [0x10, -0, 017]\n",
	}, compatCases...) {
		if plainAgrees(t, in) {
			answered++
		}
	}
	if answered < 5 {
		t.Errorf("the short cut answered %d documents, want the ordinary ones", answered)
	}
}

func FuzzPlainJSON(f *testing.F) {
	for _, c := range compatCases {
		f.Add(c)
	}
	f.Fuzz(func(t *testing.T, in string) { plainAgrees(t, in) })
}
