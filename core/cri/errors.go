package cri

import (
	"errors"
	"fmt"
)

// Code is a gRPC status code, as the CRI carries them.
type Code int

// The gRPC codes a runtime answers with.
const (
	OK                 Code = 0
	Canceled           Code = 1
	Unknown            Code = 2
	InvalidArgument    Code = 3
	DeadlineExceeded   Code = 4
	NotFound           Code = 5
	AlreadyExists      Code = 6
	FailedPrecondition Code = 9
	Internal           Code = 13
	Unavailable        Code = 14
)

var codeNames = map[Code]string{
	OK: "OK", Canceled: "Canceled", Unknown: "Unknown", InvalidArgument: "InvalidArgument",
	DeadlineExceeded: "DeadlineExceeded", NotFound: "NotFound", AlreadyExists: "AlreadyExists",
	FailedPrecondition: "FailedPrecondition", Internal: "Internal", Unavailable: "Unavailable",
}

func (c Code) String() string {
	if n, ok := codeNames[c]; ok {
		return n
	}
	return fmt.Sprintf("Code(%d)", int(c))
}

// ParseCode reads a code name such as "NotFound".
func ParseCode(s string) (Code, bool) {
	for c, n := range codeNames {
		if n == s {
			return c, true
		}
	}
	return 0, false
}

// Status is a gRPC status error. Error() renders it the way grpc-go does,
// which is the text the kubelet puts into pull-failure events; Message() is
// the bare description the kubelet puts into "Error: …" events.
type Status struct {
	Code Code
	Desc string
}

// Errorf returns a status error.
func Errorf(code Code, format string, args ...any) error {
	return &Status{Code: code, Desc: fmt.Sprintf(format, args...)}
}

func (s *Status) Error() string {
	return fmt.Sprintf("rpc error: code = %s desc = %s", s.Code, s.Desc)
}

// Message returns the description, like grpc's status.Message.
func (s *Status) Message() string { return s.Desc }

// Message returns what grpcstatus.FromError(err).Message() gives: the
// description of a status error, or the whole text of any other error.
func Message(err error) string {
	var s *Status
	if errors.As(err, &s) {
		return s.Desc
	}
	if err == nil {
		return ""
	}
	return err.Error()
}

// CodeOf returns the status code of err (Unknown for plain errors).
func CodeOf(err error) Code {
	if err == nil {
		return OK
	}
	var s *Status
	if errors.As(err, &s) {
		return s.Code
	}
	return Unknown
}

// IsNotFound reports whether err is a NotFound status, like
// k8s.io/cri-api/pkg/errors.IsNotFound.
func IsNotFound(err error) bool { return CodeOf(err) == NotFound }

// Canceled is the error a gRPC call returns when its context was cancelled
// (grpc-go maps context.Canceled to code Canceled).
func CanceledError() error { return Errorf(Canceled, "%v", "context canceled") }
