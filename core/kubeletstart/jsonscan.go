package kubeletstart

// A reader of the converted document's JSON for the decode-time type
// checks: it walks members and elements in document order without
// building anything, so a file without type errors costs no allocation.
// Its input is valid JSON (the YAML conversion's output); on anything else
// it stops early rather than fail.

// jsonValueEnd is the index just after the JSON value starting at b[i].
func jsonValueEnd(b []byte, i int) int {
	if i >= len(b) {
		return len(b)
	}
	switch b[i] {
	case '"':
		return jsonStringEnd(b, i)
	case '{', '[':
		depth := 0
		for ; i < len(b); i++ {
			switch b[i] {
			case '"':
				i = jsonStringEnd(b, i) - 1
			case '{', '[':
				depth++
			case '}', ']':
				if depth--; depth == 0 {
					return i + 1
				}
			}
		}
		return len(b)
	}
	for ; i < len(b); i++ {
		switch b[i] {
		case ',', '}', ']', ' ', '\t', '\n', '\r':
			return i
		}
	}
	return len(b)
}

// jsonStringEnd is the index just after the string starting at b[i].
func jsonStringEnd(b []byte, i int) int {
	for i++; i < len(b); i++ {
		switch b[i] {
		case '\\':
			i++
		case '"':
			return i + 1
		}
	}
	return len(b)
}

// skipSpace is the index of the first byte at or after i that is not
// white space.
func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// jsonMembers calls fn with each member of the object b, the key still
// quoted, until fn returns false.
func jsonMembers(b []byte, fn func(key, val []byte) bool) {
	i := skipSpace(b, 0)
	if i >= len(b) || b[i] != '{' {
		return
	}
	for i = skipSpace(b, i+1); i < len(b) && b[i] == '"'; {
		kEnd := jsonStringEnd(b, i)
		vStart := skipSpace(b, kEnd)
		if vStart >= len(b) || b[vStart] != ':' {
			return
		}
		vStart = skipSpace(b, vStart+1)
		vEnd := jsonValueEnd(b, vStart)
		if !fn(b[i:kEnd], b[vStart:vEnd]) {
			return
		}
		i = skipSpace(b, vEnd)
		if i >= len(b) || b[i] != ',' {
			return
		}
		i = skipSpace(b, i+1)
	}
}

// jsonElements calls fn with each element of the array b until fn returns
// false.
func jsonElements(b []byte, fn func(val []byte) bool) {
	i := skipSpace(b, 0)
	if i >= len(b) || b[i] != '[' {
		return
	}
	for i = skipSpace(b, i+1); i < len(b) && b[i] != ']'; {
		end := jsonValueEnd(b, i)
		if end == i || !fn(b[i:end]) {
			return
		}
		i = skipSpace(b, end)
		if i >= len(b) || b[i] != ',' {
			return
		}
		i = skipSpace(b, i+1)
	}
}

// plainKey is a quoted key without escapes, unquoted; ok is false for a
// key with escapes (no field's name has any).
func plainKey(q []byte) ([]byte, bool) {
	if len(q) < 2 {
		return nil, false
	}
	k := q[1 : len(q)-1]
	for _, c := range k {
		if c == '\\' {
			return nil, false
		}
	}
	return k, true
}
