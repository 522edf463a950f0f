package store

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/require"
)

// The texts are apimachinery's (pkg/api/errors) and the API server's.
func TestStatusErrors(t *testing.T) {
	for _, tc := range []struct {
		err          *StatusError
		code         int
		reason, text string
	}{
		{NewNotFound("configmaps", "cm"), 404, ReasonNotFound, `configmaps "cm" not found`},
		{NewAlreadyExists("deployments.apps", "web"), 409, ReasonAlreadyExists, `deployments.apps "web" already exists`},
		{NewConflict("configmaps", "cm"), 409, ReasonConflict, `Operation cannot be fulfilled on configmaps "cm": the object has been modified; please apply your changes to the latest version and try again`},
		{NewInvalid("FederatedTypeConfig.core.kubefed.io", "x", "spec.propagation: Required value"), 422, ReasonInvalid, `FederatedTypeConfig.core.kubefed.io "x" is invalid: spec.propagation: Required value`},
		{NewWebhookDenied("federatedtypeconfigs.core.kubefed.io", 403, ReasonForbidden, `name: Invalid value: "x"`), 403, ReasonForbidden, `admission webhook "federatedtypeconfigs.core.kubefed.io" denied the request: name: Invalid value: "x"`},
		{NewForbidden("nope"), 403, ReasonForbidden, "nope"},
		{NewNoKindMatch("FederatedGizmo", "types.kubefed.io/v1beta1"), 404, ReasonNotFound, `no matches for kind "FederatedGizmo" in version "types.kubefed.io/v1beta1"`},
		{NewNoResource(), 404, ReasonNotFound, "the server could not find the requested resource"},
	} {
		require.Equal(t, tc.code, tc.err.Code, tc.text)
		require.Equal(t, tc.reason, tc.err.Reason, tc.text)
		require.EqualError(t, tc.err, tc.text)
		require.Equal(t, tc.reason, ReasonOf(tc.err))
	}
}

func TestReasonPredicates(t *testing.T) {
	notFound, exists, conflict := NewNotFound("a", "b"), NewAlreadyExists("a", "b"), NewConflict("a", "b")
	require.Equal(t, [3]bool{true, false, false}, [3]bool{IsNotFound(notFound), IsAlreadyExists(notFound), IsConflict(notFound)})
	require.Equal(t, [3]bool{false, true, false}, [3]bool{IsNotFound(exists), IsAlreadyExists(exists), IsConflict(exists)})
	require.Equal(t, [3]bool{false, false, true}, [3]bool{IsNotFound(conflict), IsAlreadyExists(conflict), IsConflict(conflict)})
	// Not an API error: no reason.
	require.Equal(t, "", ReasonOf(errors.New(`configmaps "cm" not found`)))
	require.False(t, IsNotFound(nil))
}
