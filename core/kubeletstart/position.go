package kubeletstart

import (
	"errors"
	"strconv"
	"strings"

	"github.com/kubexplorer/kubexplorer/core/yamldoc"
)

// positions maps parts of a configuration file to 1-based lines so that
// errors can be marked in the page's editor.
type positions struct {
	topKeys  map[string]int
	gateKeys map[string]int // last occurrence, the one decoding keeps
	gatesKey int
}

func findPositions(doc *yamldoc.Document) *positions {
	p := &positions{topKeys: map[string]int{}, gateKeys: map[string]int{}}
	if doc == nil || doc.Root == nil {
		return p
	}
	root := doc.Root.Deref()
	if root.Kind != yamldoc.MappingNode {
		return p
	}
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1].Deref()
		name := yamldoc.KeyString(k.Deref())
		p.topKeys[name] = k.Line
		if name == "featureGates" {
			p.gatesKey = k.Line
			if v.Kind == yamldoc.MappingNode {
				for j := 0; j+1 < len(v.Content); j += 2 {
					p.gateKeys[yamldoc.KeyString(v.Content[j].Deref())] = v.Content[j].Line
				}
			}
		}
	}
	return p
}

func (p *positions) gate(name string) int {
	if p == nil {
		return 0
	}
	if l, ok := p.gateKeys[name]; ok {
		return l
	}
	return p.gatesKey
}

// errLine is the line a decoding error points at: the reader's position,
// or else the first "line N" of its text.
func errLine(err error) int {
	var e *yamldoc.Error
	if errors.As(err, &e) && e.Line > 0 {
		return e.Line
	}
	return lineOf(err.Error())
}

// lineOf extracts the first "line N" of an error message.
func lineOf(msg string) int {
	for {
		i := strings.Index(msg, "line ")
		if i < 0 {
			return 0
		}
		msg = msg[i+len("line "):]
		j := 0
		for j < len(msg) && msg[j] >= '0' && msg[j] <= '9' {
			j++
		}
		if j > 0 {
			n, _ := strconv.Atoi(msg[:j])
			return n
		}
	}
}
