package kubeletstart

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cockroachdb/datadriven"
)

// explainTranscript evaluates in and prints the chain of each named gate.
func explainTranscript(m *Model, in Input, args []datadriven.CmdArg) string {
	res, err := m.Evaluate(in)
	if err != nil {
		return "evaluation error: " + err.Error() + "\n"
	}
	var b strings.Builder
	for _, a := range args {
		x, err := res.Explain(a.Key)
		if err != nil {
			fmt.Fprintf(&b, "error: %v\n", err)
			continue
		}
		b.WriteString(formatExplanation(x))
	}
	return b.String()
}

func formatExplanation(x *Explanation) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n", x.Summary)
	for i, s := range x.Steps {
		loc := s.Source
		if s.Path != "" {
			loc += " " + s.Path
			if s.Line > 0 {
				loc += fmt.Sprintf(":%d", s.Line)
			}
		}
		val := "-"
		if s.Value != nil {
			val = fmt.Sprint(*s.Value)
		}
		fmt.Fprintf(&b, "  %d. %s = %s [%s] %s\n", i+1, loc, val, s.Effect, s.Detail)
	}
	return b.String()
}

func TestExplainErrors(t *testing.T) {
	if _, err := (&Result{}).Explain("NodeSwap"); err == nil {
		t.Error("a Result not produced by an evaluation explained a gate")
	}
	m := fixtureModel(t)
	res, err := m.Evaluate(Input{Release: "1.30"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := res.Explain("NoSuchGate"); err == nil || !strings.Contains(err.Error(), "does not register") {
		t.Errorf("unknown, unset gate: err = %v", err)
	}
	x, err := res.Explain("BetaOn")
	if err != nil {
		t.Fatal(err)
	}
	if len(x.Steps) != 1 || x.Winner != 0 || x.Steps[0].Effect != "won" || !x.Enabled {
		t.Errorf("default-only chain = %+v", x)
	}
}
