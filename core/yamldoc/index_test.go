package yamldoc

import "testing"

func TestIndex(t *testing.T) {
	d, err := Parse([]byte(`metadata:
  labels:
    app.kubernetes.io/name: web
spec:
  containers:
  - name: a
    image: x
  - {name: b, image: y}
  containers2: &c [1]
  alias: *c
`))
	if err != nil {
		t.Fatal(err)
	}
	ix := IndexOf(d.Root)
	for _, tc := range []struct {
		path      string
		line, col int
	}{
		{"", 1, 1},
		{"metadata", 1, 1},
		{"metadata.labels.app.kubernetes.io/name", 3, 5},
		{"spec.containers[0]", 6, 5},
		{"spec.containers[0].image", 7, 5},
		{"spec.containers[1].image", 8, 15},
		{"spec.containers[0].imagee", 6, 5},
		{"spec.containers[7].name", 5, 3},
		{"spec.alias[0]", 9, 20},
		{"nope.deeper", 1, 1},
	} {
		if l, c := ix.Pos(tc.path); l != tc.line || c != tc.col {
			t.Errorf("%q: %d:%d, want %d:%d", tc.path, l, c, tc.line, tc.col)
		}
	}
}
