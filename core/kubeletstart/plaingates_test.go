package kubeletstart

import (
	"encoding/json"
	"maps"
	"testing"
)

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
