package unstructured

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestSplitStreamBounds(t *testing.T) {
	if _, err := SplitStream(strings.Repeat("a: 1\n---\n", 1001)); err == nil || !strings.Contains(err.Error(), "line 2001: at most 1000 documents") {
		t.Errorf("1001 documents: %v", err)
	}
	_, err := SplitStream(strings.Repeat("#", 3<<20+1))
	require.EqualError(t, err, "the input is 3145729 bytes long; at most 3145728 are accepted")
	docs, err := SplitStream("a: 1\n---\nb: 2\n")
	require.NoError(t, err)
	require.Equal(t, []Document{{Text: "a: 1\n", StartLine: 1}, {Text: "b: 2\n", StartLine: 3}}, docs)
	require.Empty(t, SplitDocuments("# only a comment\n---\n"))
}

// errorAt is an error's text and position.
type errorAt struct {
	text         string
	line, column int
}

func located(t *testing.T, err error) errorAt {
	t.Helper()
	e, ok := err.(*Error)
	require.True(t, ok, "%T %v", err, err)
	return errorAt{e.Error(), e.Line, e.Column}
}

func TestDecodeObject(t *testing.T) {
	for _, tc := range []struct {
		name, stream string
		// doc is the document of the stream to decode.
		doc  int
		want map[string]any
		err  errorAt
	}{
		{name: "YAML 1.1 scalars, as sigs.k8s.io/yaml reads them", stream: "on: yes\nn: 0777\nx: 1.5\n",
			want: map[string]any{"true": true, "false": int64(511), "x": 1.5}},
		{name: "a merge key gives way to a written key", stream: "<<: {a: 1, b: 1}\na: 2\n",
			want: map[string]any{"a": int64(2), "b": int64(1)}},
		{name: "two merge keys are not a repeated key: yaml.v2 merges each", stream: "<<: {a: 1}\n<<: {b: 2}\n",
			want: map[string]any{"a": int64(1), "b": int64(2)}},
		{name: "a repeated key", stream: "a: 1\na: 2\n",
			err: errorAt{`line 2: mapping key "a" already defined at line 1`, 2, 1}},
		{name: "a repeated key inside a list", stream: "l:\n- {a: 1, a: 2}\n",
			err: errorAt{`line 2: mapping key "a" already defined at line 2`, 2, 10}},
		{name: "a list is not an object", stream: "- a\n- b\n",
			err: errorAt{"line 1: expected a YAML mapping (an object)", 1, 1}},
		{name: "an empty document decodes to null, not an object", stream: "x: 1\n---\n!!null\n", doc: 1,
			err: errorAt{"line 3: expected a YAML mapping (an object)", 3, 1}},
		// yaml.v2 names no line for a problem on a stream's first line.
		{name: "syntax on the first line", stream: "a: b: c\n",
			err: errorAt{"line 1: yaml: mapping values are not allowed in this context", 1, 0}},
		{name: "syntax in the second document: on its line of the stream (issue 13)", stream: "x: 1\n---\n\na: b: c\n", doc: 1,
			err: errorAt{"line 4: yaml: line 4: mapping values are not allowed in this context", 4, 1}},
		{name: "a value its tag does not fit: at its column", stream: "a: !!int x\n",
			err: errorAt{"line 1: yaml: cannot decode !!str `x` as a !!int", 1, 4}},
		{name: "an unknown anchor", stream: "a: &x 1\nb: *y\n",
			err: errorAt{"line 1: yaml: unknown anchor 'y' referenced", 1, 0}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			docs := SplitDocuments(tc.stream)
			obj, pos, err := DecodeObject(docs[tc.doc])
			if tc.err.text != "" {
				require.Equal(t, tc.err, located(t, err))
				require.Nil(t, obj)
				require.Nil(t, pos)
				return
			}
			require.NoError(t, err)
			require.Equal(t, tc.want, obj)
		})
	}
}

func TestPositionsNameTheLineOfAPath(t *testing.T) {
	docs := SplitDocuments("x: 1\n---\nkind: A\nspec:\n  clusters:\n  - name: c1\n  - name: c2\n")
	_, pos, err := DecodeObject(docs[1])
	require.NoError(t, err)
	for path, line := range map[string]int{
		"kind":                  3,
		"spec":                  4,
		"spec.clusters[1].name": 7,
		"spec.clusters[0]":      6,
		// An absent field is at its nearest recorded ancestor.
		"spec.clusters[1].weight": 7,
		"spec.placement":          4,
	} {
		require.Equal(t, line, pos.Line(path), path)
	}
	var none *Positions
	require.Equal(t, 0, none.Line("spec"))
}

func TestDecodeStrictWordsSchemaProblems(t *testing.T) {
	type inner struct {
		Num int8   `json:"num"`
		S   string `json:"s"`
	}
	type target struct {
		Name  string            `json:"name"`
		Count int               `json:"count"`
		OK    bool              `json:"ok"`
		F     float64           `json:"f"`
		List  []string          `json:"list"`
		In    inner             `json:"in"`
		M     map[string]string `json:"m"`
	}
	for _, tc := range []struct {
		yaml string
		err  errorAt
	}{
		{"name: a\nbogus: 1\n", errorAt{`line 2: unknown field "bogus"`, 2, 1}},
		{"in:\n  zz: 1\n", errorAt{`line 2: unknown field "in.zz"`, 2, 3}},
		// yaml.v2 reads the key n as false.
		{"in:\n  n: 1\n", errorAt{`line 2: unknown field "in.false"`, 2, 3}},
		{"in:\n  num: 300\n", errorAt{"line 2: in.num: integer 300 out of range", 2, 8}},
		{"name: [a]\n", errorAt{"line 1: name: expected a string, got a list", 1, 7}},
		{"name: 12\n", errorAt{`line 1: name: expected a string, got int "12" (quote it)`, 1, 7}},
		{"name: yes\n", errorAt{`line 1: name: expected a string, got bool "yes" (quote it)`, 1, 7}},
		{"count: abc\n", errorAt{`line 1: count: expected an integer, got "abc"`, 1, 8}},
		{"count: [1]\n", errorAt{"line 1: count: expected an integer, got a list", 1, 8}},
		{"ok: maybe\n", errorAt{`line 1: ok: expected true or false, got "maybe"`, 1, 5}},
		{"f: x\n", errorAt{`line 1: f: expected a number, got "x"`, 1, 4}},
		{"list: a\n", errorAt{"line 1: list: expected a list, got a scalar", 1, 7}},
		{"in: 3\n", errorAt{"line 1: in: expected a mapping, got a scalar", 1, 5}},
		{"m: [1]\n", errorAt{"line 1: m: expected a mapping, got a list", 1, 4}},
		{"name: {a: 1}\n", errorAt{"line 1: name: expected a string, got a mapping", 1, 7}},
		{"- 1\n", errorAt{"line 1: (root): expected a mapping, got a list", 1, 1}},
		{"name: a\nname: b\n", errorAt{`line 2: mapping key "name" already defined at line 1`, 2, 1}},
		{"a: [\n", errorAt{"line 1: yaml: line 1: did not find expected node content", 1, 0}},
	} {
		var v target
		require.Equal(t, tc.err, located(t, DecodeStrict(SplitDocuments(tc.yaml)[0], &v)), tc.yaml)
	}

	var v target
	require.NoError(t, DecodeStrict(SplitDocuments("name: a\ncount: 2\nok: true\nf: 1.5\nlist: [x]\nin: {num: 3, s: t}\nm: {k: v}\n")[0], &v))
	require.Equal(t, target{Name: "a", Count: 2, OK: true, F: 1.5, List: []string{"x"}, In: inner{3, "t"}, M: map[string]string{"k": "v"}}, v)
}

func TestToYAML(t *testing.T) {
	require.Equal(t, "a:\n  c: true\nb:\n- 1\n- x\n",
		ToYAML(map[string]any{"b": []any{int64(1), "x"}, "a": map[string]any{"c": true}}))
	require.Equal(t, "error marshaling into JSON: json: unsupported type: func()", ToYAML(func() {}))
}
