package jsonappend

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestValueIsMarshal(t *testing.T) {
	for _, v := range []any{
		nil, true, false, "", "plain", "a<b&c>\"d\\e\n\u2028é\xff", 0, -7, int64(-9223372036854775808), uint64(18446744073709551615),
		[]any(nil), []any{}, []any{1, "x", nil, []any{true}},
		map[string]any(nil), map[string]any{}, map[string]any{"b": 1, "a": map[string]any{"z": []any{}, "<": "&"}, "B": nil, "é": "\x00"},
	} {
		want, err := json.Marshal(v)
		require.NoError(t, err)
		got, ok := Value([]byte("x"), v)
		require.True(t, ok, "%#v", v)
		assert.Equal(t, "x"+string(want), string(got), "%#v", v)
	}
	for _, v := range []any{1.5, []any{1, 2.5}, map[string]any{"a": float64(1)}, int32(1), map[string]string{}, struct{}{}} {
		_, ok := Value(nil, v)
		assert.False(t, ok, "%#v", v)
	}
}

func TestStringsIsMarshal(t *testing.T) {
	for _, list := range [][]string{nil, {}, {"a", "<b>", "\t"}} {
		want, err := json.Marshal(list)
		require.NoError(t, err)
		assert.Equal(t, string(want), string(Strings(nil, list)))
	}
}

// FuzzValueIsMarshal decodes JSON into the shapes Value takes (numbers as
// int64 where they are integers) and requires Marshal's bytes.
func FuzzValueIsMarshal(f *testing.F) {
	f.Add(`{"b":[1,"x",null,true],"a":{"<":"&"}}`)
	f.Add(`"\u2028\ud800"`)
	f.Fuzz(func(t *testing.T, in string) {
		var v any
		d := json.NewDecoder(strings.NewReader(in))
		d.UseNumber()
		if d.Decode(&v) != nil {
			return
		}
		v = integers(v)
		got, ok := Value(nil, v)
		want, err := json.Marshal(v)
		if !ok || err != nil {
			return
		}
		if string(got) != string(want) {
			t.Fatalf("Value(%#v) = %s, json.Marshal %s", v, got, want)
		}
	})
}

// integers turns json.Numbers that are int64s into int64s and leaves
// the others as float64s (which Value refuses).
func integers(v any) any {
	switch t := v.(type) {
	case json.Number:
		if i, err := t.Int64(); err == nil {
			return i
		}
		f, _ := t.Float64()
		return f
	case []any:
		for i := range t {
			t[i] = integers(t[i])
		}
	case map[string]any:
		for k := range t {
			t[k] = integers(t[k])
		}
	}
	return v
}
