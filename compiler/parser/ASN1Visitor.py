# Generated from ASN1.g4 by ANTLR 4.13.2
from antlr4 import *
if "." in __name__:
    from .ASN1Parser import ASN1Parser
else:
    from ASN1Parser import ASN1Parser

# This class defines a complete generic visitor for a parse tree produced by ASN1Parser.

class ASN1Visitor(ParseTreeVisitor):

    # Visit a parse tree produced by ASN1Parser#specFile.
    def visitSpecFile(self, ctx:ASN1Parser.SpecFileContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#moduleDefinition.
    def visitModuleDefinition(self, ctx:ASN1Parser.ModuleDefinitionContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#tagDefault.
    def visitTagDefault(self, ctx:ASN1Parser.TagDefaultContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#extensionDefault.
    def visitExtensionDefault(self, ctx:ASN1Parser.ExtensionDefaultContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#objectIdentifierValue.
    def visitObjectIdentifierValue(self, ctx:ASN1Parser.ObjectIdentifierValueContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#objectIdentifierComponent.
    def visitObjectIdentifierComponent(self, ctx:ASN1Parser.ObjectIdentifierComponentContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#exportsAll.
    def visitExportsAll(self, ctx:ASN1Parser.ExportsAllContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#exportsSymbols.
    def visitExportsSymbols(self, ctx:ASN1Parser.ExportsSymbolsContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#imports.
    def visitImports(self, ctx:ASN1Parser.ImportsContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#symbolsFromModule.
    def visitSymbolsFromModule(self, ctx:ASN1Parser.SymbolsFromModuleContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#assignedIdentifier.
    def visitAssignedIdentifier(self, ctx:ASN1Parser.AssignedIdentifierContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#symbol.
    def visitSymbol(self, ctx:ASN1Parser.SymbolContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#charStringKeyword.
    def visitCharStringKeyword(self, ctx:ASN1Parser.CharStringKeywordContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#typeAssignment.
    def visitTypeAssignment(self, ctx:ASN1Parser.TypeAssignmentContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#valueAssignment.
    def visitValueAssignment(self, ctx:ASN1Parser.ValueAssignmentContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#valueSetAssignment.
    def visitValueSetAssignment(self, ctx:ASN1Parser.ValueSetAssignmentContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#parameterizedTypeAssignment.
    def visitParameterizedTypeAssignment(self, ctx:ASN1Parser.ParameterizedTypeAssignmentContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#parameterizedAssignment.
    def visitParameterizedAssignment(self, ctx:ASN1Parser.ParameterizedAssignmentContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#macroDefinition.
    def visitMacroDefinition(self, ctx:ASN1Parser.MacroDefinitionContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#macroTypeNotation.
    def visitMacroTypeNotation(self, ctx:ASN1Parser.MacroTypeNotationContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#macroValueNotation.
    def visitMacroValueNotation(self, ctx:ASN1Parser.MacroValueNotationContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#setBody.
    def visitSetBody(self, ctx:ASN1Parser.SetBodyContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#parameterList.
    def visitParameterList(self, ctx:ASN1Parser.ParameterListContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#parameter.
    def visitParameter(self, ctx:ASN1Parser.ParameterContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#actualParameterList.
    def visitActualParameterList(self, ctx:ASN1Parser.ActualParameterListContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#actualParameter.
    def visitActualParameter(self, ctx:ASN1Parser.ActualParameterContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#macroKeyword.
    def visitMacroKeyword(self, ctx:ASN1Parser.MacroKeywordContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#macroToken.
    def visitMacroToken(self, ctx:ASN1Parser.MacroTokenContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#taggedType.
    def visitTaggedType(self, ctx:ASN1Parser.TaggedTypeContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#sequenceOfType.
    def visitSequenceOfType(self, ctx:ASN1Parser.SequenceOfTypeContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#constrainedType.
    def visitConstrainedType(self, ctx:ASN1Parser.ConstrainedTypeContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#builtinType.
    def visitBuiltinType(self, ctx:ASN1Parser.BuiltinTypeContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#integerType.
    def visitIntegerType(self, ctx:ASN1Parser.IntegerTypeContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#enumeratedType.
    def visitEnumeratedType(self, ctx:ASN1Parser.EnumeratedTypeContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#bitStringType.
    def visitBitStringType(self, ctx:ASN1Parser.BitStringTypeContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#charStringType.
    def visitCharStringType(self, ctx:ASN1Parser.CharStringTypeContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#sequenceType.
    def visitSequenceType(self, ctx:ASN1Parser.SequenceTypeContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#choiceType.
    def visitChoiceType(self, ctx:ASN1Parser.ChoiceTypeContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#typeRef.
    def visitTypeRef(self, ctx:ASN1Parser.TypeRefContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#parameterizedType.
    def visitParameterizedType(self, ctx:ASN1Parser.ParameterizedTypeContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#objectClassFieldType.
    def visitObjectClassFieldType(self, ctx:ASN1Parser.ObjectClassFieldTypeContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#objectClass.
    def visitObjectClass(self, ctx:ASN1Parser.ObjectClassContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#objectIdentifierType.
    def visitObjectIdentifierType(self, ctx:ASN1Parser.ObjectIdentifierTypeContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#unrestrictedCharacterStringType.
    def visitUnrestrictedCharacterStringType(self, ctx:ASN1Parser.UnrestrictedCharacterStringTypeContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#embeddedPdvType.
    def visitEmbeddedPdvType(self, ctx:ASN1Parser.EmbeddedPdvTypeContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#externalType.
    def visitExternalType(self, ctx:ASN1Parser.ExternalTypeContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#anyType.
    def visitAnyType(self, ctx:ASN1Parser.AnyTypeContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#instanceOfType.
    def visitInstanceOfType(self, ctx:ASN1Parser.InstanceOfTypeContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#timeType.
    def visitTimeType(self, ctx:ASN1Parser.TimeTypeContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#objectDescriptorType.
    def visitObjectDescriptorType(self, ctx:ASN1Parser.ObjectDescriptorTypeContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#objectClassDefinition.
    def visitObjectClassDefinition(self, ctx:ASN1Parser.ObjectClassDefinitionContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#selectionType.
    def visitSelectionType(self, ctx:ASN1Parser.SelectionTypeContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#tag.
    def visitTag(self, ctx:ASN1Parser.TagContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#tagNumber.
    def visitTagNumber(self, ctx:ASN1Parser.TagNumberContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#namedNumber.
    def visitNamedNumber(self, ctx:ASN1Parser.NamedNumberContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#enumItem.
    def visitEnumItem(self, ctx:ASN1Parser.EnumItemContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#enumExtensionMarker.
    def visitEnumExtensionMarker(self, ctx:ASN1Parser.EnumExtensionMarkerContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#component.
    def visitComponent(self, ctx:ASN1Parser.ComponentContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#extensionMarker.
    def visitExtensionMarker(self, ctx:ASN1Parser.ExtensionMarkerContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#extensionAdditionGroup.
    def visitExtensionAdditionGroup(self, ctx:ASN1Parser.ExtensionAdditionGroupContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#componentsOf.
    def visitComponentsOf(self, ctx:ASN1Parser.ComponentsOfContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#fieldSpec.
    def visitFieldSpec(self, ctx:ASN1Parser.FieldSpecContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#definedObjectClass.
    def visitDefinedObjectClass(self, ctx:ASN1Parser.DefinedObjectClassContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#fieldName.
    def visitFieldName(self, ctx:ASN1Parser.FieldNameContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#typeReference.
    def visitTypeReference(self, ctx:ASN1Parser.TypeReferenceContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#constraint.
    def visitConstraint(self, ctx:ASN1Parser.ConstraintContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#tableConstraint.
    def visitTableConstraint(self, ctx:ASN1Parser.TableConstraintContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#subtypeConstraint.
    def visitSubtypeConstraint(self, ctx:ASN1Parser.SubtypeConstraintContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#userDefinedConstraint.
    def visitUserDefinedConstraint(self, ctx:ASN1Parser.UserDefinedConstraintContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#contentsConstraint.
    def visitContentsConstraint(self, ctx:ASN1Parser.ContentsConstraintContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#elementSetSpecs.
    def visitElementSetSpecs(self, ctx:ASN1Parser.ElementSetSpecsContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#elementSetSpec.
    def visitElementSetSpec(self, ctx:ASN1Parser.ElementSetSpecContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#intersections.
    def visitIntersections(self, ctx:ASN1Parser.IntersectionsContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#intersectionElements.
    def visitIntersectionElements(self, ctx:ASN1Parser.IntersectionElementsContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#singleValue.
    def visitSingleValue(self, ctx:ASN1Parser.SingleValueContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#valueRange.
    def visitValueRange(self, ctx:ASN1Parser.ValueRangeContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#pointedRange.
    def visitPointedRange(self, ctx:ASN1Parser.PointedRangeContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#sizeConstraint.
    def visitSizeConstraint(self, ctx:ASN1Parser.SizeConstraintContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#permittedAlphabet.
    def visitPermittedAlphabet(self, ctx:ASN1Parser.PermittedAlphabetContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#parenthesizedElementSet.
    def visitParenthesizedElementSet(self, ctx:ASN1Parser.ParenthesizedElementSetContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#containedSubtype.
    def visitContainedSubtype(self, ctx:ASN1Parser.ContainedSubtypeContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#singleInnerTypeConstraint.
    def visitSingleInnerTypeConstraint(self, ctx:ASN1Parser.SingleInnerTypeConstraintContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#multipleInnerTypeConstraint.
    def visitMultipleInnerTypeConstraint(self, ctx:ASN1Parser.MultipleInnerTypeConstraintContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#patternConstraint.
    def visitPatternConstraint(self, ctx:ASN1Parser.PatternConstraintContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#propertySettings.
    def visitPropertySettings(self, ctx:ASN1Parser.PropertySettingsContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#componentConstraint.
    def visitComponentConstraint(self, ctx:ASN1Parser.ComponentConstraintContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#atNotation.
    def visitAtNotation(self, ctx:ASN1Parser.AtNotationContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#rangeEndpoint.
    def visitRangeEndpoint(self, ctx:ASN1Parser.RangeEndpointContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#exceptionSpec.
    def visitExceptionSpec(self, ctx:ASN1Parser.ExceptionSpecContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#intValue.
    def visitIntValue(self, ctx:ASN1Parser.IntValueContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#realValue.
    def visitRealValue(self, ctx:ASN1Parser.RealValueContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#specialRealValue.
    def visitSpecialRealValue(self, ctx:ASN1Parser.SpecialRealValueContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#boolValue.
    def visitBoolValue(self, ctx:ASN1Parser.BoolValueContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#nullValue.
    def visitNullValue(self, ctx:ASN1Parser.NullValueContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#stringValue.
    def visitStringValue(self, ctx:ASN1Parser.StringValueContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#bitsValue.
    def visitBitsValue(self, ctx:ASN1Parser.BitsValueContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#valueRef.
    def visitValueRef(self, ctx:ASN1Parser.ValueRefContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#choiceValue.
    def visitChoiceValue(self, ctx:ASN1Parser.ChoiceValueContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#emptyBracedValue.
    def visitEmptyBracedValue(self, ctx:ASN1Parser.EmptyBracedValueContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#namedValueList.
    def visitNamedValueList(self, ctx:ASN1Parser.NamedValueListContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#valueList.
    def visitValueList(self, ctx:ASN1Parser.ValueListContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#bracedValue.
    def visitBracedValue(self, ctx:ASN1Parser.BracedValueContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#openTypeValue.
    def visitOpenTypeValue(self, ctx:ASN1Parser.OpenTypeValueContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#containingValue.
    def visitContainingValue(self, ctx:ASN1Parser.ContainingValueContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#namedValue.
    def visitNamedValue(self, ctx:ASN1Parser.NamedValueContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#signedNumber.
    def visitSignedNumber(self, ctx:ASN1Parser.SignedNumberContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#definedValue.
    def visitDefinedValue(self, ctx:ASN1Parser.DefinedValueContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ASN1Parser#bracedTokens.
    def visitBracedTokens(self, ctx:ASN1Parser.BracedTokensContext):
        return self.visitChildren(ctx)



del ASN1Parser