package kubeletstart

import (
	"regexp"
	"strconv"

	yamlv3 "go.yaml.in/yaml/v3"
)

// positions maps parts of a YAML document to 1-based lines so that errors
// can be marked in the page's editor. sigs.k8s.io/yaml keeps no positions;
// the document is parsed a second time with yaml.v3 for them only (its YAML
// 1.2 scalar rules do not matter for positions).
type positions struct {
	topKeys  map[string]int
	gateKeys map[string]int // last occurrence, the one YAML 1.1 decoding keeps
	gatesKey int
}

func findPositions(data []byte) *positions {
	p := &positions{topKeys: map[string]int{}, gateKeys: map[string]int{}}
	var doc yamlv3.Node
	if err := yamlv3.Unmarshal(data, &doc); err != nil || len(doc.Content) == 0 {
		return p
	}
	root := doc.Content[0]
	if root.Kind != yamlv3.MappingNode {
		return p
	}
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		p.topKeys[k.Value] = k.Line
		if k.Value == "featureGates" {
			p.gatesKey = k.Line
			if v.Kind == yamlv3.MappingNode {
				for j := 0; j+1 < len(v.Content); j += 2 {
					p.gateKeys[v.Content[j].Value] = v.Content[j].Line
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

var yamlLineRE = regexp.MustCompile(`line (\d+)`)

// lineOf extracts the first "line N" of a yaml error message.
func lineOf(msg string) int {
	m := yamlLineRE.FindStringSubmatch(msg)
	if m == nil {
		return 0
	}
	n, _ := strconv.Atoi(m[1])
	return n
}
