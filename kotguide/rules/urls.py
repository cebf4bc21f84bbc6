from django.urls import path

from . import views

app_name = "rules"
urlpatterns = [
    path("rules/", views.index, name="index"),
    path("rules/<slug:section_id>/", views.section, name="section"),
    path("rules/<slug:section_id>/both/", views.side_by_side, name="both"),
    path("glossary/", views.glossary, name="glossary"),
    path("faq/", views.faq, name="faq"),
    path("quick/", views.quick, name="quick"),
    path("quick/both/", views.quick_both, name="quick-both"),
]
