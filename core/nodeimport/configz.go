package nodeimport

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"
)

// configz is what a configz dump gives: the kubelet's live configuration
// as a KubeletConfiguration document.
type configz struct {
	content string
	// line is the line of the dump where content's first line is.
	line int
	// typed: the JSON names apiVersion and kind. The kubelet's configz
	// does so from 1.36 (component-base's configz then requires a
	// runtime.Object); before, the model adds them.
	typed bool
}

const (
	kubeletAPIVersion = "kubelet.config.k8s.io/v1beta1"
	kubeletKind       = "KubeletConfiguration"
)

// parseConfigz reads `kubectl get --raw /api/v1/nodes/NODE/proxy/configz`:
// a JSON object whose "kubeletconfig" member is the running kubelet's
// configuration (every field defaulted, flags and drop-ins merged in).
func parseConfigz(name string, data []byte) (*configz, error) {
	fail := func(off int, format string, a ...any) error {
		line, col := position(data, off)
		return &Error{Form: Configz, Path: name, Line: line, Column: col, Msg: fmt.Sprintf(format, a...)}
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	tok, err := dec.Token()
	if err != nil {
		return nil, jsonError(name, Configz, data, dec, err)
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return nil, fail(int(dec.InputOffset())-1, "want a JSON object, found %v", tok)
	}
	var keys []string
	var found *configz
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, jsonError(name, Configz, data, dec, err)
		}
		key, _ := tok.(string)
		keys = append(keys, key)
		after := int(dec.InputOffset())
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil, jsonError(name, Configz, data, dec, err)
		}
		if key != "kubeletconfig" {
			continue
		}
		start := after + bytes.IndexAny(data[after:], "{[\"tfn0123456789-")
		if len(raw) == 0 || raw[0] != '{' {
			return nil, fail(start, "\"kubeletconfig\" must be an object")
		}
		c, err := kubeletConfigFromJSON(raw)
		if err != nil {
			return nil, fail(start, "%v", err)
		}
		c.line, _ = position(data, start)
		found = c
	}
	if _, err := dec.Token(); err != nil {
		return nil, jsonError(name, Configz, data, dec, err)
	}
	if found == nil {
		sort.Strings(keys)
		return nil, &Error{Form: Configz, Path: name, Msg: fmt.Sprintf("no \"kubeletconfig\" member: this is not a kubelet's configz (members: %s)", strings.Join(keys, ", "))}
	}
	return found, nil
}

// kubeletConfigFromJSON keeps the object's text as it is (so lines still
// match the dump) and names apiVersion and kind on its first line when it
// lacks them.
func kubeletConfigFromJSON(raw []byte) (*configz, error) {
	var head struct {
		APIVersion *string `json:"apiVersion"`
		Kind       *string `json:"kind"`
	}
	if err := json.Unmarshal(raw, &head); err != nil {
		return nil, fmt.Errorf("apiVersion/kind: %v", err)
	}
	if head.Kind != nil && head.APIVersion != nil {
		return &configz{content: string(raw), typed: true}, nil
	}
	var b strings.Builder
	b.WriteString("{")
	if head.APIVersion == nil {
		b.WriteString(`"apiVersion":"` + kubeletAPIVersion + `",`)
	}
	if head.Kind == nil {
		b.WriteString(`"kind":"` + kubeletKind + `",`)
	}
	rest := bytes.TrimLeft(raw[1:], " \t\r\n")
	if len(rest) > 0 && rest[0] == '}' {
		s := strings.TrimSuffix(b.String(), ",")
		return &configz{content: s + string(raw[1:])}, nil
	}
	return &configz{content: b.String() + string(raw[1:])}, nil
}

// jsonError places a decoding error. encoding/json reports syntax errors
// with an offset; other errors fall back to the decoder's position.
func jsonError(name string, form Form, data []byte, dec *json.Decoder, err error) error {
	off := int(dec.InputOffset())
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn):
		off = int(syn.Offset) - 1
	case errors.As(err, &typ):
		off = int(typ.Offset) - 1
	case errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF):
		off = len(data)
		err = errors.New("unexpected end of JSON input")
	}
	line, col := position(data, off)
	return &Error{Form: form, Path: name, Line: line, Column: col, Msg: err.Error()}
}
