package explorer

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/kubexplorer/kubexplorer/core/sim"
)

type posErr struct{ line, col int }

func (e posErr) Error() string                { return fmt.Sprintf("line %d: broken", e.line) }
func (e posErr) Position() (line, column int) { return e.line, e.col }
func (e posErr) Detail() string               { return "broken" }

func TestDiagnosticOf(t *testing.T) {
	d := DiagnosticOf(fmt.Errorf("wrapped: %w", posErr{3, 5}), "scenario", "x.y")
	assert.Equal(t, Diagnostic{Severity: SeverityError, Code: "x.y", Message: "broken", Input: "scenario", Line: 3, Column: 5}, d,
		"a positioned error hands over its position and its text without it")
	d = DiagnosticOf(posErr{}, "scenario", "x.y")
	assert.Equal(t, "line 0: broken", d.Message, "without a line the whole text stays")
	d = DiagnosticOf(errors.New("plain"), "action", "x.z")
	assert.Equal(t, Diagnostic{Severity: SeverityError, Code: "x.z", Message: "plain", Input: "action"}, d)

	xe := InputError(posErr{2, 0}, "scenario", "x.y", "scenario: ")
	assert.Equal(t, CodeBadRequest, xe.Code)
	assert.Equal(t, "scenario: line 2: broken", xe.Message, "the message keeps the text")
	assert.Equal(t, 2, xe.Diagnostics[0].Line)
}

func TestFindKey(t *testing.T) {
	tests := []struct {
		data, key  string
		start, end int
		found      bool
	}{
		{data: `{"a":1,"b":2}`, key: "b", start: 7, end: 10, found: true},
		{data: `{"a":"b","b":2}`, key: "b", start: 9, end: 12, found: true},
		{data: `{"x":{"b":1}}`, key: "b", start: 6, end: 9, found: true},
		{data: `{"x":[{"b":1}],"c":2}`, key: "c", start: 15, end: 18, found: true},
		{data: `["b", {"b": 1}]`, key: "b", start: 7, end: 10, found: true},
		{data: `{"a":1}`, key: "b"},
		{data: `{"a":`, key: "b"},
	}
	for _, tt := range tests {
		start, end, found := findKey([]byte(tt.data), tt.key)
		assert.Equal(t, tt.found, found, tt.data)
		if found {
			assert.Equal(t, [2]int{tt.start, tt.end}, [2]int{start, end}, tt.data)
			assert.Equal(t, `"`+tt.key+`"`, tt.data[start:end], tt.data)
		}
	}
}

func TestLineColumn(t *testing.T) {
	data := []byte("ab\ncd\n")
	for offset, want := range map[int][2]int{-1: {1, 1}, 0: {1, 1}, 1: {1, 2}, 3: {2, 1}, 4: {2, 2}, 6: {3, 1}, 99: {3, 1}} {
		l, c := lineColumn(data, offset)
		assert.Equal(t, want, [2]int{l, c}, "offset %d", offset)
	}
}

func TestTime(t *testing.T) {
	at := sim.Epoch.Add(90*time.Second + 500*time.Millisecond)
	s := SecondsAt(at)
	assert.Equal(t, Seconds(90.5), s)
	assert.True(t, s.Time().Equal(at))
	assert.Equal(t, Duration("1m30s"), DurationOf(90*time.Second))
}

// AppendDiagnostics writes what encoding/json writes, and knows every
// field of Diagnostic.
func TestAppendDiagnostics(t *testing.T) {
	var tags []string
	rt := reflect.TypeFor[Diagnostic]()
	for i := range rt.NumField() {
		tags = append(tags, rt.Field(i).Tag.Get("json"))
	}
	assert.Equal(t, []string{"severity", "code", "message", "input", "path,omitempty", "document,omitempty",
		"line,omitempty", "column,omitempty", "endLine,omitempty", "endColumn,omitempty"}, tags, "AppendDiagnostics writes these")
	for _, ds := range [][]Diagnostic{nil, {}, {{}}, {
		{Severity: SeverityWarning, Code: "gates.x", Message: "a <b> & \"c\"\n", Input: "config", Path: "/etc/é", Document: 2, Line: 3, Column: 4, EndLine: 5, EndColumn: 6},
		{Severity: SeverityError, Message: "m", Input: "flags", Line: -1, EndColumn: 9},
	}} {
		want, err := json.Marshal(ds)
		assert.NoError(t, err)
		assert.Equal(t, "x"+string(want), string(AppendDiagnostics([]byte("x"), ds)))
	}
}
