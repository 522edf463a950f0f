package kubeletstart

import (
	"encoding/json"
	"sync"

	"github.com/kubexplorer/kubexplorer/core/yamldoc"
)

// parsed is a file read the way every release reads it: sigs.k8s.io/yaml's
// conversion to JSON (toJSON) and where its keys are (findPositions).
// Nothing in it depends on the release, and nothing changes it once made,
// so evaluations of one input on several releases (an upgrade check, a
// fleet check) share it.
type parsed struct {
	doc *yamldoc.Document
	js  []byte
	err error
	pos *positions

	// obj and unknown are what object returns, decoded once; decoded
	// says obj is already what decoding js gives (an ordinary document,
	// yamldoc.Document.JSONDecoded), without encoding/json.
	objOnce sync.Once
	obj     map[string]any
	decoded bool
	unknown []string
}

// object is the file's JSON as a map and its top-level keys that are not
// KubeletConfiguration fields, sorted. Every release decodes them alike,
// so they are decoded once; evaluations only read them.
func (p *parsed) object() (map[string]any, []string) {
	p.objOnce.Do(func() {
		if !p.decoded {
			_ = json.Unmarshal(p.js, &p.obj)
		}
		for _, k := range sortedKeys(p.obj) {
			if !isConfigField(k) {
				p.unknown = append(p.unknown, k)
			}
		}
	})
	return p.obj, p.unknown
}

// parseFile reads data without a memo.
func parseFile(data []byte) *parsed {
	doc, js, decoded, ok, err := toJSON(data)
	p := &parsed{doc: doc, js: js, err: err, pos: findPositions(doc, data), decoded: ok && err == nil}
	// Decoding into a map leaves it nil for a document that is not an
	// object (a list, a scalar, null).
	p.obj, _ = decoded.(map[string]any)
	return p
}

// parseMemo keeps the last few files parsed, by content. It is bounded
// (parseMemoSize entries, replaced oldest first), so a model that serves
// many inputs keeps no more than a handful of documents.
type parseMemo struct {
	mu    sync.Mutex
	files map[string]*parsed
	order []string // keys, oldest first
}

// parseMemoSize covers an input's config file, its drop-ins and a
// checkpoint, evaluated on two releases one after the other.
const parseMemoSize = 8

func (m *parseMemo) parse(data []byte) *parsed {
	if m == nil {
		return parseFile(data)
	}
	m.mu.Lock()
	p, ok := m.files[string(data)]
	m.mu.Unlock()
	if ok {
		return p
	}
	p = parseFile(data)
	key := string(data)
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.files == nil {
		m.files = map[string]*parsed{}
	}
	if _, ok := m.files[key]; !ok {
		if len(m.order) == parseMemoSize {
			delete(m.files, m.order[0])
			m.order = append(m.order[:0], m.order[1:]...)
		}
		m.order = append(m.order, key)
		m.files[key] = p
	}
	return p
}

// decodeTyped is era.decodeTyped of a file's content, parsed through the
// model's memo.
func (r *run) decodeTyped(content string) (*decodedConfig, error) {
	data := []byte(content)
	return r.e.decodeTyped(data, r.memo.parse(data))
}

// decodeUnstructured is era.decodeUnstructured of a file's content, parsed
// through the model's memo.
func (r *run) decodeUnstructured(content string) (map[string]any, *positions, error) {
	data := []byte(content)
	return r.e.decodeUnstructured(data, r.memo.parse(data))
}
