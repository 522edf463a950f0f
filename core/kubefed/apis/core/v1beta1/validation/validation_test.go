package validation

import (
	"testing"

	"github.com/stretchr/testify/require"

	v1beta1 "github.com/kubexplorer/kubexplorer/core/kubefed/apis/core/v1beta1"
	"github.com/kubexplorer/kubexplorer/core/kubefed/release"
)

func validFTC() *v1beta1.FederatedTypeConfig {
	return &v1beta1.FederatedTypeConfig{
		Metadata: v1beta1.ObjectMeta{Name: "deployments.apps"},
		Spec: v1beta1.FederatedTypeConfigSpec{
			TargetType:    v1beta1.APIResource{Group: "apps", Version: "v1", Kind: "Deployment", PluralName: "deployments", Scope: "Namespaced"},
			Propagation:   "Enabled",
			FederatedType: v1beta1.APIResource{Group: "types.kubefed.io", Version: "v1beta1", Kind: "FederatedDeployment", PluralName: "federateddeployments", Scope: "Namespaced"},
		},
	}
}

// The vectors follow upstream's validation_test.go cases.
func TestValidateFederatedTypeConfig(t *testing.T) {
	statusEnabled := v1beta1.StatusCollectionEnabled
	bad := v1beta1.StatusCollectionMode("Sometimes")
	empty := v1beta1.StatusCollectionMode("")
	cases := []struct {
		name   string
		mutate func(f *v1beta1.FederatedTypeConfig)
		status bool
		want   string
	}{
		{"valid", func(f *v1beta1.FederatedTypeConfig) {}, false, ""},
		{"valid with status collection", func(f *v1beta1.FederatedTypeConfig) { f.Spec.StatusCollection = &statusEnabled }, false, ""},
		{"name mismatch", func(f *v1beta1.FederatedTypeConfig) { f.Metadata.Name = "deployments" }, false,
			`name: Invalid value: "deployments": name must be 'TARGET_PLURAL_NAME(.TARGET_GROUP_NAME)'`},
		{"version Alpha", func(f *v1beta1.FederatedTypeConfig) { f.Spec.TargetType.Version = "Alpha" }, false,
			`spec.targetType.version: Invalid value: "Alpha": a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')`},
		{"kind Invalid.Kind", func(f *v1beta1.FederatedTypeConfig) { f.Spec.FederatedType.Kind = "Invalid.Kind" }, false,
			`spec.federatedType.kind: Invalid value: "Invalid.Kind": a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')`},
		{"plural 2InvalidKind", func(f *v1beta1.FederatedTypeConfig) {
			f.Spec.TargetType.PluralName = "2invalidkind"
			f.Metadata.Name = "2invalidkind.apps"
		}, false,
			`spec.targetType.pluralName: Invalid value: "2invalidkind": a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')`},
		{"federated group without dot", func(f *v1beta1.FederatedTypeConfig) { f.Spec.FederatedType.Group = "nodomain" }, false,
			`spec.federatedType.group: Invalid value: "nodomain": should be a domain with at least one dot`},
		{"federated group required", func(f *v1beta1.FederatedTypeConfig) { f.Spec.FederatedType.Group = "" }, false,
			`spec.federatedType.group: Required value`},
		{"propagation required", func(f *v1beta1.FederatedTypeConfig) { f.Spec.Propagation = "" }, false,
			`spec.propagation: Required value`},
		{"propagation unsupported", func(f *v1beta1.FederatedTypeConfig) { f.Spec.Propagation = "On" }, false,
			`spec.propagation: Unsupported value: "On": supported values: "Enabled", "Disabled"`},
		{"statusCollection unsupported", func(f *v1beta1.FederatedTypeConfig) { f.Spec.StatusCollection = &bad }, false,
			`spec.statusCollection: Unsupported value: "Sometimes": supported values: "Enabled", "Disabled"`},
		{"statusCollection empty", func(f *v1beta1.FederatedTypeConfig) { f.Spec.StatusCollection = &empty }, false,
			`spec.statusCollection: Required value`},
		{"statusType group required", func(f *v1beta1.FederatedTypeConfig) {
			f.Spec.StatusType = &v1beta1.APIResource{Version: "v1alpha1", Kind: "X", PluralName: "xs", Scope: "Namespaced"}
		}, false, `spec.statusType.group: Required value`},
		{"scope and two errors", func(f *v1beta1.FederatedTypeConfig) {
			f.Spec.TargetType.Scope = ""
			f.Spec.FederatedType.Scope = "Global"
		}, false, `[spec.targetType.scope: Required value, spec.federatedType.scope: Unsupported value: "Global": supported values: "Cluster", "Namespaced"]`},
		{"status subresource ignores the spec", func(f *v1beta1.FederatedTypeConfig) {
			f.Spec.Propagation = "bogus"
			f.Status = &v1beta1.FederatedTypeConfigStatus{PropagationController: "Running"}
		}, true, ""},
		{"status needs propagationController", func(f *v1beta1.FederatedTypeConfig) {
			f.Status = &v1beta1.FederatedTypeConfigStatus{ObservedGeneration: -1}
		}, true, `[status.observedGeneration: Invalid value: -1: must be greater than or equal to 0, status.propagationController: Required value]`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := validFTC()
			c.mutate(f)
			require.Equal(t, c.want, ValidateFederatedTypeConfig(f, c.status, release.MustParse(release.Latest)).Aggregate())
		})
	}
}

func TestAggregateDeduplicates(t *testing.T) {
	l := ErrorList{Required("a", ""), Required("a", "")}
	require.Equal(t, "a: Required value", l.Aggregate())
}

func TestLabelNames(t *testing.T) {
	require.Empty(t, Names{}.IsQualifiedName("example.com/env"))
	require.NotEmpty(t, Names{}.IsQualifiedName("bad key"))
	require.Empty(t, IsValidLabelValue(""))
	require.NotEmpty(t, IsValidLabelValue("-x"))
}

// apimachinery 0.20 (kubefed v0.7.0, release.RFC1123Wording) renamed the
// DNS-1123 subdomain in its message.
func TestGroupWordingByRelease(t *testing.T) {
	f := validFTC()
	f.Spec.TargetType.Group = "Apps"
	f.Metadata.Name = "deployments.Apps"
	const tail = ` must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`
	require.Equal(t, `spec.targetType.group: Invalid value: "Apps": a DNS-1123 subdomain`+tail,
		ValidateFederatedTypeConfig(f, false, release.MustParse("v0.6.1")).Aggregate())
	require.Equal(t, `spec.targetType.group: Invalid value: "Apps": a lowercase RFC 1123 subdomain`+tail,
		ValidateFederatedTypeConfig(f, false, release.MustParse("v0.7.0")).Aggregate())
}
