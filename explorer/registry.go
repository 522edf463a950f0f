package explorer

import (
	"reflect"
	"sort"
	"strings"
)

// A Method is one registered action.
type Method struct {
	// Name is mechanism.verb, or one word for the engine's own methods.
	Name string
	// Doc is one line for people.
	Doc string
	// Request and Reply are the Go types of the JSON request and reply
	// (cmd/kxapidoc documents them).
	Request, Reply reflect.Type

	call func(e *Engine, request []byte) (any, error)
}

// Mechanism is one explored mechanism: the prefix of its methods.
type Mechanism struct {
	Name  string `json:"name"`
	Title string `json:"title"`
}

var (
	methods    = map[string]*Method{}
	mechanisms = map[string]Mechanism{}
)

// Register adds a method. The handler receives the decoded request (unknown
// fields are rejected) and returns a reply value that is encoded as JSON.
// Register panics on a duplicate name: that is a programming error found at
// start-up, never a user error.
func Register[Req, Resp any](name, doc string, handler func(*Engine, Req) (Resp, error)) {
	if _, dup := methods[name]; dup {
		panic("explorer: method registered twice: " + name)
	}
	methods[name] = &Method{
		Name: name, Doc: doc,
		Request: reflect.TypeFor[Req](), Reply: reflect.TypeFor[Resp](),
		call: func(e *Engine, request []byte) (any, error) {
			var req Req
			if d, ok := any(&req).(CommonDecoder); ok && d.DecodeCommon(request) {
				return handler(e, req)
			}
			if err := decodeRequest(request, &req); err != nil {
				return nil, err
			}
			return handler(e, req)
		},
	}
}

// RegisterMechanism names a mechanism whose methods are called name.verb.
func RegisterMechanism(name, title string) {
	if _, dup := mechanisms[name]; dup {
		panic("explorer: mechanism registered twice: " + name)
	}
	mechanisms[name] = Mechanism{Name: name, Title: title}
}

// Methods lists the registered methods sorted by name.
func Methods() []*Method {
	out := make([]*Method, 0, len(methods))
	for _, m := range methods {
		out = append(out, m)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Mechanisms lists the mechanisms linked into this engine, sorted by name.
func Mechanisms() []Mechanism {
	out := make([]Mechanism, 0, len(mechanisms))
	for _, m := range mechanisms {
		out = append(out, m)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// MechanismOf returns the mechanism a method belongs to ("" for the
// engine's own methods).
func MechanismOf(method string) string {
	prefix, _, ok := strings.Cut(method, ".")
	if _, known := mechanisms[prefix]; ok && known {
		return prefix
	}
	return ""
}
