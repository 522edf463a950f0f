package kubeletstart

import (
	"regexp"
	"strconv"
	"strings"

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
	// mayHaveDuplicates is false only when every mapping key of the
	// document is a plain identifier and none repeats: then yaml.v2's strict
	// pass cannot find a duplicate and need not run (see plainKey).
	mayHaveDuplicates bool
}

func findPositions(data []byte) *positions {
	p := &positions{topKeys: map[string]int{}, gateKeys: map[string]int{}, mayHaveDuplicates: true}
	var doc yamlv3.Node
	if err := yamlv3.Unmarshal(data, &doc); err != nil || len(doc.Content) == 0 {
		return p
	}
	root := doc.Content[0]
	if root.Kind != yamlv3.MappingNode {
		return p
	}
	p.mayHaveDuplicates = mayHaveDuplicates(root)
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

// mayHaveDuplicates walks every mapping. yaml.v2 compares keys after YAML
// 1.1 resolution (yes == on == true, 1 == 0x1, timestamps, merge keys…), so
// any key that is not a plain identifier makes the answer "maybe".
func mayHaveDuplicates(n *yamlv3.Node) bool {
	switch n.Kind {
	case yamlv3.AliasNode:
		return true
	case yamlv3.SequenceNode:
		for _, c := range n.Content {
			if mayHaveDuplicates(c) {
				return true
			}
		}
	case yamlv3.MappingNode:
		seen := make(map[string]bool, len(n.Content)/2)
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := n.Content[i]
			if k.Kind != yamlv3.ScalarNode || !plainKey(k.Value) || seen[k.Value] {
				return true
			}
			seen[k.Value] = true
			if mayHaveDuplicates(n.Content[i+1]) {
				return true
			}
		}
	}
	return false
}

// plainKey: a letter, then letters, digits, '-', '_' or '.', and not one of
// YAML 1.1's boolean or null words. Such a key resolves to itself as a
// string, quoted or not, so textual equality is yaml.v2's equality.
func plainKey(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		letter := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z'
		if i == 0 && !letter {
			return false
		}
		if !letter && !(r >= '0' && r <= '9') && r != '-' && r != '_' && r != '.' {
			return false
		}
	}
	switch strings.ToLower(s) {
	case "y", "yes", "n", "no", "on", "off", "true", "false", "null":
		return false
	}
	return true
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
