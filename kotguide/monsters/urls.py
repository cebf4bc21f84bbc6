from django.urls import path

from . import views

app_name = "monsters"
urlpatterns = [
    path("monsters/", views.monster_list, name="list"),
    path("monsters/<slug:monster>/", views.detail, name="detail"),
    path("editions/", views.edition_changes, name="editions"),
]
