// Package validation holds the rules of kubefed's validating admission
// webhook for FederatedTypeConfigs (pkg/apis/core/v1beta1/validation at
// v0.10.0), with apimachinery's exact error texts.
//
// A request for the status subresource validates only the status; any other
// CREATE or UPDATE validates the name and the spec. The checks run on the raw
// object, before any defaulting.
package validation

import (
	"strings"

	v1beta1 "github.com/kubexplorer/kubexplorer/core/kubefed/apis/core/v1beta1"
	"github.com/kubexplorer/kubexplorer/core/kubefed/release"
)

// WebhookName is the name the API server prints when the webhook denies.
const WebhookName = "federatedtypeconfigs.core.kubefed.io"

// ValidateFederatedTypeConfig returns the field errors for obj, worded as
// release r's apimachinery words them.
func ValidateFederatedTypeConfig(obj *v1beta1.FederatedTypeConfig, statusSubResource bool, r release.Release) ErrorList {
	if statusSubResource {
		var st v1beta1.FederatedTypeConfigStatus
		if obj.Status != nil {
			st = *obj.Status
		}
		return ValidateStatus(&st, "status")
	}
	errs := ValidateName(obj)
	return append(errs, NamesFor(r).ValidateSpec(&obj.Spec, "spec")...)
}

const nameErrorMsg = "name must be 'TARGET_PLURAL_NAME(.TARGET_GROUP_NAME)'"

// ValidateName requires metadata.name == GroupQualifiedName(targetType). The
// path printed is "name", not "metadata.name", as upstream prints it.
func ValidateName(obj *v1beta1.FederatedTypeConfig) ErrorList {
	expected := v1beta1.GroupQualifiedName(obj.GetTargetType())
	if expected != obj.Metadata.Name {
		return ErrorList{Invalid("name", obj.Metadata.Name, nameErrorMsg)}
	}
	return nil
}

// ValidateSpec checks the target, propagation, federated and status types.
func (n Names) ValidateSpec(spec *v1beta1.FederatedTypeConfigSpec, path string) ErrorList {
	errs := n.ValidateAPIResource(&spec.TargetType, path+".targetType")
	errs = append(errs, validateEnum(path+".propagation", string(spec.Propagation),
		[]string{string(v1beta1.PropagationEnabled), string(v1beta1.PropagationDisabled)})...)
	errs = append(errs, n.validateFederatedAPIResource(&spec.FederatedType, path+".federatedType")...)
	if spec.StatusType != nil {
		errs = append(errs, n.validateFederatedAPIResource(spec.StatusType, path+".statusType")...)
	}
	if spec.StatusCollection != nil {
		errs = append(errs, validateEnum(path+".statusCollection", string(*spec.StatusCollection),
			[]string{string(v1beta1.StatusCollectionEnabled), string(v1beta1.StatusCollectionDisabled)})...)
	}
	return errs
}

const domainWithAtLeastOneDot = "should be a domain with at least one dot"

func (n Names) validateFederatedAPIResource(r *v1beta1.APIResource, path string) ErrorList {
	var errs ErrorList
	if r.Group == "" {
		errs = append(errs, Required(path+".group", ""))
	} else if len(strings.Split(r.Group, ".")) < 2 {
		errs = append(errs, Invalid(path+".group", r.Group, domainWithAtLeastOneDot))
	}
	return append(errs, n.ValidateAPIResource(r, path)...)
}

// ValidateAPIResource checks group, version, kind, pluralName and scope.
func (n Names) ValidateAPIResource(r *v1beta1.APIResource, path string) ErrorList {
	var errs ErrorList
	if r.Group != "" {
		if msgs := n.IsDNS1123Subdomain(r.Group); len(msgs) > 0 {
			errs = append(errs, Invalid(path+".group", r.Group, strings.Join(msgs, ",")))
		}
	}
	if r.Version == "" {
		errs = append(errs, Required(path+".version", ""))
	} else if msgs := IsDNS1035Label(r.Version); len(msgs) > 0 {
		errs = append(errs, Invalid(path+".version", r.Version, strings.Join(msgs, ",")))
	}
	if r.Kind == "" {
		errs = append(errs, Required(path+".kind", ""))
	} else if msgs := IsDNS1035Label(strings.ToLower(r.Kind)); len(msgs) > 0 {
		errs = append(errs, Invalid(path+".kind", r.Kind, strings.Join(msgs, ",")))
	}
	if r.PluralName == "" {
		errs = append(errs, Required(path+".pluralName", ""))
	} else if msgs := IsDNS1035Label(r.PluralName); len(msgs) > 0 {
		errs = append(errs, Invalid(path+".pluralName", r.PluralName, strings.Join(msgs, ",")))
	}
	return append(errs, validateEnum(path+".scope", string(r.Scope),
		[]string{string(v1beta1.ClusterScoped), string(v1beta1.NamespaceScoped)})...)
}

func validateEnum(path, value string, accepted []string) ErrorList {
	if value == "" {
		return ErrorList{Required(path, "")}
	}
	for _, a := range accepted {
		if a == value {
			return nil
		}
	}
	return ErrorList{NotSupported(path, value, accepted)}
}

// ValidateStatus checks the fields the FTC controller writes.
func ValidateStatus(st *v1beta1.FederatedTypeConfigStatus, path string) ErrorList {
	var errs ErrorList
	if st.ObservedGeneration < 0 {
		errs = append(errs, Invalid(path+".observedGeneration", st.ObservedGeneration, "must be greater than or equal to 0"))
	}
	statuses := []string{string(v1beta1.ControllerStatusRunning), string(v1beta1.ControllerStatusNotRunning)}
	errs = append(errs, validateEnum(path+".propagationController", string(st.PropagationController), statuses)...)
	if st.StatusController != nil {
		errs = append(errs, validateEnum(path+".statusController", string(*st.StatusController), statuses)...)
	}
	return errs
}
