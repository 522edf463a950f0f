package store

import "fmt"

// Reasons of API errors, as metav1.StatusReason.
const (
	ReasonNotFound      = "NotFound"
	ReasonAlreadyExists = "AlreadyExists"
	ReasonConflict      = "Conflict"
	ReasonInvalid       = "Invalid"
	ReasonForbidden     = "Forbidden"
	ReasonBadRequest    = "BadRequest"
	ReasonInternal      = "InternalError"
	ReasonTimeout       = "ServerTimeout"
	ReasonUnavailable   = "ServiceUnavailable"
)

// StatusError is an API error with the API server's message text.
type StatusError struct {
	Code    int    `json:"code"`
	Reason  string `json:"reason"`
	Message string `json:"message"`
}

func (e *StatusError) Error() string { return e.Message }

// ReasonOf returns the reason of an API error, or "".
func ReasonOf(err error) string {
	if se, ok := err.(*StatusError); ok {
		return se.Reason
	}
	return ""
}

// IsNotFound and friends mirror apimachinery's apierrors helpers.
func IsNotFound(err error) bool      { return ReasonOf(err) == ReasonNotFound }
func IsAlreadyExists(err error) bool { return ReasonOf(err) == ReasonAlreadyExists }
func IsConflict(err error) bool      { return ReasonOf(err) == ReasonConflict }

// NewNotFound is `<resource> "<name>" not found`.
func NewNotFound(resource, name string) *StatusError {
	return &StatusError{Code: 404, Reason: ReasonNotFound, Message: fmt.Sprintf("%s %q not found", resource, name)}
}

// NewAlreadyExists is `<resource> "<name>" already exists`.
func NewAlreadyExists(resource, name string) *StatusError {
	return &StatusError{Code: 409, Reason: ReasonAlreadyExists, Message: fmt.Sprintf("%s %q already exists", resource, name)}
}

// NewConflict is the optimistic-concurrency failure.
func NewConflict(resource, name string) *StatusError {
	return &StatusError{Code: 409, Reason: ReasonConflict, Message: fmt.Sprintf(
		"Operation cannot be fulfilled on %s %q: the object has been modified; please apply your changes to the latest version and try again", resource, name)}
}

// NewInvalid is `<Kind.group> "<name>" is invalid: <errors>`.
func NewInvalid(qualifiedKind, name, errs string) *StatusError {
	return &StatusError{Code: 422, Reason: ReasonInvalid, Message: fmt.Sprintf("%s %q is invalid: %s", qualifiedKind, name, errs)}
}

// NewWebhookDenied is how the API server reports a validating webhook's denial.
func NewWebhookDenied(webhook string, code int, reason, msg string) *StatusError {
	return &StatusError{Code: code, Reason: reason, Message: fmt.Sprintf("admission webhook %q denied the request: %s", webhook, msg)}
}

// NewForbidden is a generic 403.
func NewForbidden(msg string) *StatusError {
	return &StatusError{Code: 403, Reason: ReasonForbidden, Message: msg}
}

// NewNoKindMatch is what a client gets for an unregistered kind.
func NewNoKindMatch(kind, apiVersion string) *StatusError {
	return &StatusError{Code: 404, Reason: ReasonNotFound, Message: fmt.Sprintf("no matches for kind %q in version %q", kind, apiVersion)}
}

// NewNoResource is the API server's answer to a path no resource serves.
func NewNoResource() *StatusError {
	return &StatusError{Code: 404, Reason: ReasonNotFound, Message: "the server could not find the requested resource"}
}
