package kubeletstart

import "encoding/json"

// mergePatch applies an RFC 7386 JSON merge patch: objects merge
// recursively, null deletes a key, anything else (lists included)
// replaces the target.
func mergePatch(target, patch any) any {
	p, ok := patch.(map[string]any)
	if !ok {
		return patch
	}
	t, ok := target.(map[string]any)
	if !ok {
		t = map[string]any{}
	} else {
		t = withRoom(t, 0)
	}
	for k, v := range p {
		if v == nil {
			delete(t, k)
			continue
		}
		t[k] = mergePatch(t[k], v)
	}
	return t
}

func jsonMarshal(v any) ([]byte, error) { return json.Marshal(v) }
