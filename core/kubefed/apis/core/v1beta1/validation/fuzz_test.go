package validation

import (
	"testing"

	v1beta1 "github.com/kubexplorer/kubexplorer/core/kubefed/apis/core/v1beta1"
	"github.com/kubexplorer/kubexplorer/core/kubefed/release"
	u "github.com/kubexplorer/kubexplorer/core/kubefed/unstructured"
)

// FuzzFTC decodes arbitrary YAML as a FederatedTypeConfig, defaults and
// validates it: errors are fine, panics are not.
func FuzzFTC(f *testing.F) {
	f.Add(`apiVersion: core.kubefed.io/v1beta1
kind: FederatedTypeConfig
metadata: {name: deployments.apps, namespace: kube-federation-system}
spec:
  targetType: {group: apps, version: v1, kind: Deployment, pluralName: deployments, scope: Namespaced}
  propagation: Enabled
  federatedType: {group: types.kubefed.io, version: v1beta1, kind: FederatedDeployment, pluralName: federateddeployments, scope: Namespaced}
status: {observedGeneration: 1, propagationController: Running, statusController: NotRunning}
`)
	f.Add("metadata: {name: x}\nspec: {targetType: {kind: 1}, statusCollection: Enabled, statusType: {}}\n")
	f.Add("spec: [\n")
	f.Add("- a\n- b\n")
	f.Fuzz(func(t *testing.T, text string) {
		for _, d := range u.SplitDocuments(text) {
			obj, _, err := u.DecodeObject(d)
			if err != nil {
				continue
			}
			ftc, err := v1beta1.FTCFromObject(obj)
			if err != nil {
				continue
			}
			_ = ValidateFederatedTypeConfig(ftc, false, release.MustParse("v0.3.0"))
			v1beta1.SetFederatedTypeConfigDefaults(ftc)
			_ = ValidateFederatedTypeConfig(ftc, true, release.MustParse(release.Latest))
			_ = ftc.GetFederatedType()
			_ = ftc.GetTargetType()
		}
	})
}
