package store

import (
	"github.com/kubexplorer/kubexplorer/core/kubefed/apis/core/v1beta1/validation"
	u "github.com/kubexplorer/kubexplorer/core/kubefed/unstructured"
)

// builtinErrors is the part of a Kubernetes 1.22 API server's validation of
// built-in kinds (pkg/apis/core/validation) that a federated template can
// get wrong while its federated resource is valid on the host. Only the
// core Service is checked, for two reasons:
//
//   - its name is a DNS-1035 label (ValidateServiceName), stricter than the
//     DNS-1123 subdomain a custom resource's name may be, so a
//     FederatedService "web.v1" exists on the host and every member refuses
//     its Service;
//   - spec.ports is required unless the Service is headless (clusterIP
//     None) or an ExternalName, and the federated CRD's template is free
//     form, so a template without ports reaches the members.
//
// The errors come in ValidateService's order: metadata first, then spec.
// Other rules and kinds are not modelled (docs/kubefed-scenario.md says so).
func builtinErrors(k *Kind, obj map[string]any) validation.ErrorList {
	if k.CRD || k.Group != "" || k.Kind != "Service" {
		return nil
	}
	var errs validation.ErrorList
	name := u.GetName(obj)
	for _, msg := range validation.IsDNS1035Label(name) {
		errs = append(errs, validation.Invalid("metadata.name", name, msg))
	}
	headless := u.NestedString(obj, "spec", "clusterIP") == "None"
	if len(u.NestedSlice(obj, "spec", "ports")) == 0 && !headless && u.NestedString(obj, "spec", "type") != "ExternalName" {
		errs = append(errs, validation.Required("spec.ports", ""))
	}
	return errs
}

// crNameErrors is the name check the API server's custom-resource strategy
// makes on create (apiextensions-apiserver customResourceStrategy.Validate:
// ValidateObjectMetaAccessor with NameIsDNSSubdomain), ahead of the schema's
// errors and of any validating webhook. The host, like the members, is a
// Kubernetes 1.22 API server in every release, so its message is
// apimachinery 0.22's ("a lowercase RFC 1123 subdomain") whatever the
// kubefed release's own apimachinery says (release.RFC1123Wording). A name
// cannot change, so an update is not checked again.
func crNameErrors(k *Kind, op Operation, name string) validation.ErrorList {
	if !k.CRD || op != OpCreate {
		return nil
	}
	var errs validation.ErrorList
	for _, msg := range kubernetes122Names.IsDNS1123Subdomain(name) {
		errs = append(errs, validation.Invalid("metadata.name", name, msg))
	}
	return errs
}

// kubernetes122Names words name errors as the model's Kubernetes 1.22 API
// servers do (validation.Names' zero value: the newest wording).
var kubernetes122Names validation.Names
