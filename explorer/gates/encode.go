package gates

import (
	"encoding/json"
	"reflect"
	"strconv"
	"sync"

	"github.com/kubexplorer/kubexplorer/core/kubeletstart"
	"github.com/kubexplorer/kubexplorer/explorer"
	"github.com/kubexplorer/kubexplorer/internal/jsonappend"
)

// The evaluate reply is mostly its gates table: a row per gate the release
// registers (255 in 1.37, about 53 kB of the 55 kB the page receives),
// each with the components that read it. Evaluations whose tables are
// equal share one table (core/kubeletstart's table memo), and the page
// evaluates the same inputs again and again while the user edits what
// the gates never see, so the explorer's table and its JSON are kept per
// shared table: a repeated evaluation neither builds the rows nor
// encodes them again. EvaluateReply.AppendJSON writes the same bytes
// encoding/json writes for the reply (TestEvaluateReplyAppendJSON).

// gateTable is the explorer's table of one model table: its rows with
// their readers, and their JSON once encoded.
type gateTable struct {
	release string
	model   []kubeletstart.GateState // the model's shared table; holding it keeps its address unique
	gates   []Gate
	js      []byte
}

// gateTables are the last few tables, oldest first: an evaluation on a
// release and its upgrade target, a few gate settings the user went back
// and forth between.
type gateTables struct {
	mu     sync.Mutex
	recent []*gateTable
}

const gateTablesSize = 8

var tables gateTables

// sameSlice tells whether a and b are the one slice (not equal ones).
func sameSlice[T any](a, b []T) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}

// gates returns the explorer's rows of a model table: kept ones when the
// model returned this very table before.
func (m *gateTables) gates(release string, model []kubeletstart.GateState) []Gate {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, t := range m.recent {
		if t.release == release && len(model) > 0 && sameSlice(t.model, model) {
			return t.gates
		}
	}
	readBy := readers(release)
	gates := make([]Gate, len(model))
	for i, g := range model {
		gates[i] = Gate{GateState: g, ReadBy: readBy(g.Name)}
	}
	if len(model) == 0 {
		return gates
	}
	if len(m.recent) == gateTablesSize {
		m.recent = append(m.recent[:0], m.recent[1:]...)
	}
	m.recent = append(m.recent, &gateTable{release: release, model: model, gates: gates})
	return gates
}

// appendGates appends the JSON of gates, encoded once per kept table.
func (m *gateTables) appendGates(b []byte, gates []Gate) []byte {
	m.mu.Lock()
	var kept *gateTable
	for _, t := range m.recent {
		if len(gates) > 0 && sameSlice(t.gates, gates) {
			kept = t
			break
		}
	}
	if kept != nil && kept.js != nil {
		js := kept.js
		m.mu.Unlock()
		return append(b, js...)
	}
	m.mu.Unlock()
	// A row is about 220 bytes: one allocation holds the table.
	js := appendGatesJSON(make([]byte, 0, 256*len(gates)), gates)
	if kept != nil {
		m.mu.Lock()
		kept.js = js
		m.mu.Unlock()
	}
	return append(b, js...)
}

// appendJSON appends r as encoding/json encodes it.
func (r *Result) appendJSON(b []byte) ([]byte, error) {
	if r == nil || r.Result == nil {
		js, err := json.Marshal(r)
		return append(b, js...), err
	}
	b = appendHead(b, r.Result)
	b = append(b, `,"gates":`...)
	b = tables.appendGates(b, r.Gates)
	b = append(b, `,"diagnostics":`...)
	b = explorer.AppendDiagnostics(b, r.Diagnostics)
	return append(b, '}'), nil
}

// appendHead appends, without its closing brace, what encoding/json
// writes for the model's part of a Result: its fields but the gates and
// the diagnostics, which the explorer's fields of the same names hide and
// which come after them. By hand, because encoding/json's struct encoder (its
// field tables, sorted on first use, and omitempty's zero checks) is code
// a first evaluation would compile for these few fields (issue 15);
// TestResultHeadFields holds the fields to kubeletstart.Result's.
func appendHead(b []byte, r *kubeletstart.Result) []byte {
	b = append(b, `{"release":`...)
	b = jsonappend.String(b, r.Release)
	b = append(b, `,"library":`...)
	b = jsonappend.String(b, r.Library)
	b = append(b, `,"wouldStart":`...)
	b = strconv.AppendBool(b, r.WouldStart)
	b = append(b, `,"exitCode":`...)
	b = strconv.AppendInt(b, int64(r.ExitCode), 10)
	if r.Stage != "" {
		b = append(b, `,"stage":`...)
		b = jsonappend.String(b, r.Stage)
	}
	if r.Error != "" {
		b = append(b, `,"error":`...)
		b = jsonappend.String(b, r.Error)
	}
	b = append(b, `,"lines":`...)
	if r.Lines == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i, l := range r.Lines {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"kind":`...)
			b = jsonappend.String(b, l.Kind)
			b = append(b, `,"text":`...)
			b = jsonappend.String(b, l.Text)
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	b = append(b, `,"notes":`...)
	b = jsonappend.Strings(b, r.Notes)
	if len(r.Alternatives) > 0 {
		b = append(b, `,"alternatives":`...)
		b = jsonappend.Strings(b, r.Alternatives)
	}
	b = append(b, `,"args":`...)
	return jsonappend.Strings(b, r.Args)
}

// upgradeTail is an Upgrade without its target, which comes first.
type upgradeTail struct {
	Target *struct{} `json:"target,omitempty"`
	Upgrade
}

// sameMap tells whether a and b are the one map.
func sameMap(a, b map[string]string) bool {
	return reflect.ValueOf(a).UnsafePointer() == reflect.ValueOf(b).UnsafePointer()
}

// labelsJSON is the JSON of the labels every reply carries.
var labelsJSON = sync.OnceValues(func() ([]byte, error) {
	b := append([]byte(nil), `{"stages":`...)
	b = appendPairs(b, stageLabels[:])
	b = append(b, `,"sources":`...)
	b = appendPairs(b, sourceLabels[:])
	return append(b, '}'), nil
})

// appendPairs appends key, value pairs sorted by key as encoding/json
// encodes the map of them.
func appendPairs(b []byte, pairs []string) []byte {
	b = append(b, '{')
	for i := 0; i+1 < len(pairs); i += 2 {
		if i > 0 {
			b = append(b, ',')
		}
		b = jsonappend.String(b, pairs[i])
		b = append(b, ':')
		b = jsonappend.String(b, pairs[i+1])
	}
	return append(b, '}')
}

// AppendJSON appends the reply's JSON, the bytes encoding/json writes
// for it (explorer.AppendJSON), with the gates tables encoded once per
// shared table.
func (r EvaluateReply) AppendJSON(b []byte) ([]byte, error) {
	b = append(b, `{"result":`...)
	b, err := r.Result.appendJSON(b)
	if err != nil {
		return b, err
	}
	if u := r.Upgrade; u != nil {
		b = append(b, `,"upgrade":{"target":`...)
		if b, err = u.Target.appendJSON(b); err != nil {
			return b, err
		}
		rest := *u
		rest.Target = nil
		tail, err := json.Marshal(upgradeTail{Upgrade: rest})
		if err != nil {
			return b, err
		}
		// tail is {"changes":…}: its fields follow the target's.
		b = append(b, ',')
		b = append(b, tail[1:]...)
	}
	var lj []byte
	if l := labels(); sameMap(r.Labels.Stages, l.Stages) && sameMap(r.Labels.Sources, l.Sources) {
		lj, err = labelsJSON()
	} else {
		lj, err = json.Marshal(r.Labels)
	}
	if err != nil {
		return b, err
	}
	b = append(b, `,"labels":`...)
	b = append(b, lj...)
	return append(b, '}'), nil
}
