package yamldoc

import yaml "go.yaml.in/yaml/v3"

// The usual kubelet config is a few block mappings of plain words:
//
//	apiVersion: kubelet.config.k8s.io/v1beta1
//	kind: KubeletConfiguration
//	featureGates:
//	  MemoryQoS: true
//
// yaml.v3's parser reads it into the same nodes as anything else, and in
// the browser a first evaluation compiles the parser first: its scanner,
// parser and decoder are ~135 kB of WebAssembly (issue 15). parseSimple
// reads such a document into the yaml.Node tree yaml.Unmarshal gives,
// with the fields the converter reads (kind, position, value, style,
// children), and refuses everything else, which yaml.v3 then reads:
// comments, quotes, flow and block sequences, tags, anchors, aliases,
// empty values, multi-line scalars, tabs, carriage returns, non-ASCII,
// keys over 1000 characters, a document that does not start at column 1.
// TestSimpleIsYAMLv3 and FuzzSimple hold it to yaml.v3.

// parseSimple reads data into doc if it is such a document.
func parseSimple(data []byte, doc *yaml.Node) bool {
	p := simpleParser{data: data}
	p.nextLine()
	if p.indent != 0 {
		return false
	}
	root, ok := p.mapping(0)
	if !ok || p.pos < len(p.data) {
		return false
	}
	*doc = yaml.Node{Kind: yaml.DocumentNode, Line: 1, Column: 1, Content: []*yaml.Node{root}}
	return true
}

// simpleParser reads data line by line: line is the current line's
// number, lineStart where it starts, indent its indent (-1 at the end of
// the data, -2 for a line of spaces alone, which no mapping takes), and
// pos where reading goes on.
type simpleParser struct {
	data      []byte
	pos       int
	line      int
	lineStart int
	indent    int
}

// nextLine moves to the next line that is not empty, from pos at the
// start of a line, and reads its indent.
func (p *simpleParser) nextLine() {
	for {
		p.line++
		p.lineStart = p.pos
		for p.pos < len(p.data) && p.data[p.pos] == ' ' {
			p.pos++
		}
		switch {
		case p.pos == len(p.data) && p.pos == p.lineStart:
			p.indent = -1
			return
		case p.pos == len(p.data) || p.data[p.pos] == '\n' && p.pos > p.lineStart:
			p.indent = -2
			return
		case p.data[p.pos] == '\n':
			p.pos++ // an empty line
		default:
			p.indent = p.pos - p.lineStart
			return
		}
	}
}

// mapping reads the block mapping whose keys are at indent.
func (p *simpleParser) mapping(indent int) (*yaml.Node, bool) {
	m := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Line: p.line, Column: indent + 1}
	for p.indent == indent {
		// Repeated keys are kept, as yaml.v3 keeps them in its nodes
		// (the converter reports them). yaml.v3 takes a key of at most
		// 1024 characters before its colon.
		key, ok := p.word()
		if !ok || len(key.Value) > 1000 || p.pos == len(p.data) || p.data[p.pos] != ':' {
			return nil, false
		}
		p.pos++
		var value *yaml.Node
		if p.pos < len(p.data) && p.data[p.pos] == ' ' {
			for p.pos < len(p.data) && p.data[p.pos] == ' ' {
				p.pos++
			}
			if value, ok = p.word(); !ok || !p.endLine() {
				return nil, false
			}
		} else {
			// The value is a mapping on the lines below, indented more.
			if !p.endLine() || p.indent <= indent {
				return nil, false
			}
			if value, ok = p.mapping(p.indent); !ok {
				return nil, false
			}
		}
		m.Content = append(m.Content, key, value)
	}
	// A mapping ends at a line indented less, or at the end; a line
	// indented otherwise is for yaml.v3 to read.
	return m, len(m.Content) > 0 && p.indent < indent && p.indent >= -1
}

// endLine takes the end of the current line, and reads the next one.
func (p *simpleParser) endLine() bool {
	if p.pos < len(p.data) {
		if p.data[p.pos] != '\n' {
			return false
		}
		p.pos++
	}
	p.nextLine()
	return true
}

// word reads a plain scalar of letters, digits and "_./-+=@~" that
// starts with a letter, a digit, "_" or "/" (not an indicator, a sequence
// entry, a document marker or a negative number).
func (p *simpleParser) word() (*yaml.Node, bool) {
	start := p.pos
	for p.pos < len(p.data) && simpleByte(p.data[p.pos]) {
		p.pos++
	}
	if p.pos == start {
		return nil, false
	}
	if c := p.data[start]; !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '/') {
		return nil, false
	}
	return &yaml.Node{Kind: yaml.ScalarNode, Value: string(p.data[start:p.pos]), Line: p.line, Column: start - p.lineStart + 1}, true
}

func simpleByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' ||
		c == '_' || c == '.' || c == '/' || c == '-' || c == '+' || c == '=' || c == '@' || c == '~'
}
