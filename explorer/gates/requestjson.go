package gates

import (
	"github.com/kubexplorer/kubexplorer/explorer"
	"github.com/kubexplorer/kubexplorer/internal/jsonvalue"
)

var _ explorer.FastRequest = (*EvaluateRequest)(nil)

// DecodeFast decodes a request without encoding/json
// (explorer.FastRequest): what the page sends, an object of the request's
// fields with strings, arrays and objects. Anything else (a field in
// another case, a null, a value of another type, what internal/jsonvalue
// refuses) is left to encoding/json, which decodes it or words the error.
func (r *EvaluateRequest) DecodeFast(data []byte) bool {
	v, ok := jsonvalue.Decode(data)
	m, isObject := v.(map[string]any)
	if !ok || !isObject {
		return false
	}
	var out EvaluateRequest
	for k, val := range m {
		switch k {
		case "release":
			ok = setString(&out.Release, val)
		case "commandLine":
			ok = setString(&out.CommandLine, val)
		case "configDir":
			ok = setString(&out.ConfigDir, val)
		case "targetRelease":
			ok = setString(&out.TargetRelease, val)
		case "args":
			out.Args, ok = stringList(val)
		case "config":
			out.Config, ok = filePointer(val)
		case "dynamicCheckpoint":
			out.DynamicCheckpoint, ok = filePointer(val)
		case "dropIns":
			out.DropIns, ok = fileList(val)
		case "env":
			out.Env, ok = stringMap(val)
		default:
			return false
		}
		if !ok {
			return false
		}
	}
	*r = out
	return true
}

func setString(dst *string, v any) bool {
	s, ok := v.(string)
	*dst = s
	return ok
}

func stringList(v any) ([]string, bool) {
	a, ok := v.([]any)
	if !ok {
		return nil, false
	}
	out := make([]string, len(a))
	for i, e := range a {
		if out[i], ok = e.(string); !ok {
			return nil, false
		}
	}
	return out, true
}

func stringMap(v any) (map[string]string, bool) {
	m, ok := v.(map[string]any)
	if !ok {
		return nil, false
	}
	out := make(map[string]string, len(m))
	for k, e := range m {
		if out[k], ok = e.(string); !ok {
			return nil, false
		}
	}
	return out, true
}

func file(v any) (File, bool) {
	m, ok := v.(map[string]any)
	if !ok {
		return File{}, false
	}
	var f File
	for k, e := range m {
		switch k {
		case "path":
			ok = setString(&f.Path, e)
		case "content":
			ok = setString(&f.Content, e)
		default:
			return File{}, false
		}
		if !ok {
			return File{}, false
		}
	}
	return f, true
}

func filePointer(v any) (*File, bool) {
	f, ok := file(v)
	if !ok {
		return nil, false
	}
	return &f, true
}

func fileList(v any) ([]File, bool) {
	a, ok := v.([]any)
	if !ok {
		return nil, false
	}
	out := make([]File, len(a))
	for i, e := range a {
		if out[i], ok = file(e); !ok {
			return nil, false
		}
	}
	return out, true
}
