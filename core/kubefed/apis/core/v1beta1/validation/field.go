package validation

import (
	"fmt"
	"strconv"
	"strings"
)

// FieldError mirrors k8s.io/apimachinery/pkg/util/validation/field.Error and
// renders exactly as it does: "<path>: <type>[: <value>][: <detail>]".
type FieldError struct {
	Type     string // "Required value", "Invalid value", "Unsupported value"
	Field    string
	BadValue any
	Detail   string
}

func (e *FieldError) Error() string { return e.Field + ": " + e.Body() }

// Body is the message without the field path.
func (e *FieldError) Body() string {
	var s string
	switch e.Type {
	case TypeRequired:
		s = e.Type
	default:
		switch v := e.BadValue.(type) {
		case string:
			s = fmt.Sprintf("%s: %q", e.Type, v)
		case int64, bool:
			s = fmt.Sprintf("%s: %v", e.Type, v)
		case []string:
			s = fmt.Sprintf("%s: %#v", e.Type, v)
		case nil:
			s = e.Type + ": null"
		default:
			s = fmt.Sprintf("%s: %#v", e.Type, v)
		}
	}
	if e.Detail != "" {
		s += ": " + e.Detail
	}
	return s
}

// Error type names as apimachinery prints them.
const (
	TypeRequired     = "Required value"
	TypeInvalid      = "Invalid value"
	TypeNotSupported = "Unsupported value"
)

// ErrorList is field.ErrorList.
type ErrorList []*FieldError

// Required is field.Required.
func Required(path, detail string) *FieldError {
	return &FieldError{Type: TypeRequired, Field: path, Detail: detail}
}

// Invalid is field.Invalid.
func Invalid(path string, value any, detail string) *FieldError {
	return &FieldError{Type: TypeInvalid, Field: path, BadValue: value, Detail: detail}
}

// NotSupported is field.NotSupported: the detail lists the quoted values.
func NotSupported(path string, value any, valid []string) *FieldError {
	detail := ""
	if len(valid) > 0 {
		q := make([]string, len(valid))
		for i, v := range valid {
			q[i] = strconv.Quote(v)
		}
		detail = "supported values: " + strings.Join(q, ", ")
	}
	return &FieldError{Type: TypeNotSupported, Field: path, BadValue: value, Detail: detail}
}

// Aggregate renders like utilerrors.NewAggregate(list).Error(): one error as
// is, several as "[e1, e2]" with duplicates removed.
func (l ErrorList) Aggregate() string {
	if len(l) == 0 {
		return ""
	}
	if len(l) == 1 {
		return l[0].Error()
	}
	seen := map[string]bool{}
	var parts []string
	for _, e := range l {
		m := e.Error()
		if seen[m] {
			continue
		}
		seen[m] = true
		parts = append(parts, m)
	}
	if len(parts) == 1 {
		return parts[0]
	}
	return "[" + strings.Join(parts, ", ") + "]"
}
