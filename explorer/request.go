package explorer

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strings"
)

// Codes of the diagnostics about the JSON request itself (input "request").
const (
	CodeRequestSyntax       = "request.syntax"       // not JSON
	CodeRequestType         = "request.type"         // a value of the wrong JSON type
	CodeRequestUnknownField = "request.unknownField" // a field the method does not take
	CodeRequestTrailingData = "request.trailingData" // more than one JSON value
	CodeRequestInvalid      = "request.invalid"      // a field's value is not acceptable
)

// InputRequest is the Input of diagnostics about the JSON request.
const InputRequest = "request"

// decodeRequest decodes one JSON value into v, rejecting unknown fields and
// trailing data. An empty request means the zero value. The error's
// message keeps the explorer's wording; its diagnostic has the position.
func decodeRequest(data []byte, v any) error {
	if len(bytes.TrimSpace(data)) == 0 {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return requestError(data, err)
	}
	end := int(dec.InputOffset())
	if _, err := dec.Token(); err != io.EOF {
		d := Diagnostic{Severity: SeverityError, Code: CodeRequestTrailingData, Input: InputRequest,
			Message: "unexpected data after the JSON value"}
		d.Line, d.Column = lineColumn(data, firstNonSpace(data, end))
		return Invalid([]Diagnostic{d}, "decoding the request: unexpected data after the JSON value")
	}
	return nil
}

// requestError describes a decoding error with its line and column.
func requestError(data []byte, err error) *Error {
	d := Diagnostic{Severity: SeverityError, Code: CodeRequestSyntax, Input: InputRequest,
		Message: strings.TrimPrefix(err.Error(), "json: ")}
	// offset is the byte the error is at.
	var offset int
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		// Offset counts the bytes read, the bad one included.
		offset = int(se.Offset) - 1
	case errors.As(err, &te):
		d.Code = CodeRequestType
		// Offset is after the value; its field's key is the better spot.
		offset = int(te.Offset)
		if i := strings.LastIndexByte(te.Field, '.'); te.Field != "" {
			if start, end, found := findKey(data, te.Field[i+1:]); found {
				offset = start
				d.EndLine, d.EndColumn = lineColumn(data, end)
			}
		}
	case errors.Is(err, io.ErrUnexpectedEOF):
		offset = len(data)
	default:
		if name, ok := unknownField(err); ok {
			d.Code = CodeRequestUnknownField
			if start, end, found := findKey(data, name); found {
				d.Line, d.Column = lineColumn(data, start)
				d.EndLine, d.EndColumn = lineColumn(data, end)
			}
		}
		return Invalid([]Diagnostic{d}, "decoding the request: %s", err)
	}
	d.Line, d.Column = lineColumn(data, offset)
	return Invalid([]Diagnostic{d}, "decoding the request: line %d, column %d: %s", d.Line, d.Column, d.Message)
}

// unknownField reads the field name out of encoding/json's error for
// DisallowUnknownFields, the one decoding error without structure.
func unknownField(err error) (string, bool) {
	rest, ok := strings.CutPrefix(err.Error(), `json: unknown field "`)
	if !ok || !strings.HasSuffix(rest, `"`) {
		return "", false
	}
	return strings.TrimSuffix(rest, `"`), true
}

// findKey returns the byte span of the first object key equal to name,
// quotes included.
func findKey(data []byte, name string) (start, end int, found bool) {
	type frame struct{ object, wantKey bool }
	var stack []frame
	dec := json.NewDecoder(bytes.NewReader(data))
	for {
		before := int(dec.InputOffset())
		tok, err := dec.Token()
		if err != nil {
			return 0, 0, false
		}
		var top *frame
		if len(stack) > 0 {
			top = &stack[len(stack)-1]
		}
		switch t := tok.(type) {
		case json.Delim:
			switch t {
			case '{', '[':
				stack = append(stack, frame{object: t == '{', wantKey: t == '{'})
			default:
				stack = stack[:len(stack)-1]
				if len(stack) > 0 && stack[len(stack)-1].object {
					stack[len(stack)-1].wantKey = true // the value ended
				}
			}
		default:
			switch {
			case top != nil && top.object && top.wantKey:
				if t == name {
					// The decoder had not consumed the ',' or space before the key yet.
					s := before
					for s < len(data) && data[s] != '"' {
						s++
					}
					return s, int(dec.InputOffset()), true
				}
				top.wantKey = false
			case top != nil && top.object:
				top.wantKey = true
			}
		}
	}
}

func firstNonSpace(data []byte, i int) int {
	for i < len(data) && (data[i] == ' ' || data[i] == '\t' || data[i] == '\n' || data[i] == '\r') {
		i++
	}
	return i
}

// lineColumn converts a byte offset to a 1-based line and column (in
// bytes, which is what JSON parsers report).
func lineColumn(data []byte, offset int) (line, column int) {
	offset = max(0, min(offset, len(data)))
	line = 1 + bytes.Count(data[:offset], []byte("\n"))
	column = offset - bytes.LastIndexByte(data[:offset], '\n')
	return line, column
}
